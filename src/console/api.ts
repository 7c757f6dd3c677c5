/**
 * The console's one way to the operator API (/admin/api): JSON over fetch with the operator's session
 * cookie (HTTP-only, set by the sign-in call). A refusal becomes a ConsoleCallError carrying the
 * catalogue code and the server's message; the screens show both.
 */
export const OPERATOR_API = '/admin/api';

export class ConsoleCallError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function consoleCall<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${OPERATOR_API}${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text === '' ? null : (JSON.parse(text) as unknown);
  if (!response.ok) {
    const { resultCode, resultMessage } = (parsed ?? {}) as { resultCode?: string; resultMessage?: string };
    throw new ConsoleCallError(response.status, resultCode ?? String(response.status), resultMessage ?? response.statusText);
  }
  return parsed as T;
}

/** A query string from the set values of `params` (empty ones left out), with its '?'. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
