/** Operator authentication: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function isOperator(authorization: string | undefined, adminToken: string): boolean {
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  // Hashing first gives equal lengths, so the comparison leaks neither content nor length.
  return match !== null && timingSafeEqual(digest(match[1]!), digest(adminToken));
}
