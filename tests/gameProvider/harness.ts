/**
 * A house vendor on its own per test file (PGlite in memory, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set), called through inject() with signed requests like the site's adapter.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createVendorPlugin, type VendorHandle } from '../../gameProvider/app';
import { loadVendorSettings } from '../../gameProvider/config';
import { openVendorDatabase, type VendorDatabase } from '../../gameProvider/db/client';
import { signedCallHeaders } from '../../contract/gameProviderSigning';
import { VENDOR_API_PREFIX, VENDOR_HEADERS, type VendorCalls, type VendorCode, type VendorPath } from '../../contract/gameProvider';
import { freshTestDatabase } from '../postgresDatabase';

export const OPERATOR = 'hanbit';
export const SECRET = 'test-vendor-secret-0123456789abcdef';

export interface SignOptions {
  operator?: string;
  secret?: string;
  timestamp?: number;
  signedPath?: string;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: ({ ok: true } & T) | { ok: false; code: VendorCode; message: string };
}

export interface TestVendor {
  app: FastifyInstance;
  database: VendorDatabase;
  handle: VendorHandle;
  call<P extends VendorPath>(path: P, body: VendorCalls[P]['body'], options?: SignOptions): Promise<Answer<VendorCalls[P]['answer']>>;
  /** A raw signed request (any body text, any path). */
  raw(method: 'POST' | 'PUT', url: string, body: string, options?: SignOptions): Promise<{ status: number; json: unknown }>;
  /** The answer's payload when ok, else throws with its code. */
  ok<P extends VendorPath>(path: P, body: VendorCalls[P]['body']): Promise<VendorCalls[P]['answer']>;
  rows<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

export function signedHeaders(path: string, body: string, options: SignOptions = {}): Record<string, string> {
  return signedCallHeaders(VENDOR_HEADERS, options.operator ?? OPERATOR, options.secret ?? SECRET, options.signedPath ?? path, body,
    options.timestamp === undefined ? undefined : String(options.timestamp));
}

export async function startVendor(env: Record<string, string> = {}): Promise<TestVendor> {
  const { database, drop } = await freshTestDatabase('test_vendor', openVendorDatabase);
  const settings = loadVendorSettings({ VENDOR_FAULTS: '1', NODE_ENV: 'test', ...env });
  const { plugin, handle } = createVendorPlugin({ database, operators: { [OPERATOR]: SECRET, other: 'other-operator-secret-0123456789' }, settings, mountPrefix: null });
  const app = Fastify({ return503OnClosing: false });
  await app.register(plugin);
  await app.ready();

  async function raw(method: 'POST' | 'PUT', url: string, body: string, options: SignOptions = {}) {
    const signed = url.startsWith(VENDOR_API_PREFIX) ? url.slice(VENDOR_API_PREFIX.length) : url;
    const response = await app.inject({ method, url, payload: body, headers: signedHeaders(options.signedPath ?? signed, body, options) });
    return { status: response.statusCode, json: response.json() as unknown };
  }

  const vendor: TestVendor = {
    app,
    database,
    handle,
    async call(path, body, options) {
      const answer = await raw('POST', `${VENDOR_API_PREFIX}${path}`, JSON.stringify(body), options);
      return { status: answer.status, body: answer.json as Answer<never>['body'] };
    },
    raw,
    async ok(path, body) {
      const answer = await vendor.call(path, body);
      if (!answer.body.ok) throw new Error(`${path} refused: ${answer.body.code} ${answer.body.message}`);
      const { ok: _ok, ...payload } = answer.body;
      return payload as never;
    },
    async rows<T>(query: string) {
      const result = await database.db.execute(query);
      return (result as unknown as { rows: T[] }).rows;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
  return vendor;
}
