/**
 * What the baccarat, fishing and e-sports pages share in the browser: the launch session (from the URL fragment),
 * the language (from ?lang), texts by language, the play calls, the state reads with the server's clock, money
 * formatting and a tiny element helper.
 */
export type Lang = 'ko' | 'en' | 'vi';
export type Texts = Record<string, Record<Lang, string>>;

export function pageLang(): Lang {
  const lang = new URLSearchParams(location.search).get('lang');
  return lang === 'en' || lang === 'vi' ? lang : 'ko';
}

/** The launch token rides in the fragment (#s=...), so it never reaches a server log or a Referer. */
export function sessionToken(): string {
  return new URLSearchParams(location.hash.slice(1)).get('s') ?? '';
}

export function translator<T extends Texts>(texts: T, lang: Lang) {
  return (id: keyof T & string, values: Record<string, string | number> = {}): string =>
    texts[id][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

export function formatWon(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'ko' ? 'ko-KR' : lang === 'vi' ? 'vi-VN' : 'en-US').format(amount);
}

export class PlayError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/** POSTs a play call of this page's game (`/play/api/<game>/<call>` next to the page) with the session. */
export async function playCall<T>(game: string, call: string, body: unknown = {}): Promise<T> {
  const base = location.pathname.replace(/\/play\/.*$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/play/api/${game}/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-play-session': sessionToken() },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new PlayError('NETWORK', 'network');
  }
  const answer = (await response.json().catch(() => null)) as ({ ok: true } & T) | { ok: false; code: string; message: string } | null;
  if (!answer) throw new PlayError('NETWORK', 'bad answer');
  if (!answer.ok) throw new PlayError(answer.code, answer.message);
  return answer;
}

/** A failed call's code: the vendor's refusal, or NETWORK when no answer came. */
export const failureCode = (error: unknown): string => (error instanceof PlayError ? error.code : 'NETWORK');

/** The server's clock as this page knows it: the offset learnt from each state read, half its round trip taken as the way back. */
let clockOffset = 0;
export const serverNow = (): number => Date.now() + clockOffset;

/**
 * Reads the game's state again and again: each state goes to `got`, which answers how long until the next read;
 * the third failure in a row tells the player the network is down, and reads go on every `retryMs`; an ended
 * session stops them.
 */
export function pollState<S extends { now: number }>(game: string, on: {
  got(state: S): number; retryMs: number; networkDown(): void; sessionEnded(): void;
}): void {
  let failures = 0;
  const read = async (): Promise<void> => {
    let delay = on.retryMs;
    try {
      const sentAt = Date.now();
      const state = await playCall<S>(game, 'state');
      clockOffset = state.now - (sentAt + Date.now()) / 2;
      failures = 0;
      delay = on.got(state);
    } catch (error) {
      if (failureCode(error) === 'SESSION') {
        on.sessionEnded();
        return;
      }
      failures += 1;
      if (failures === 3) on.networkDown();
    }
    setTimeout(() => void read(), delay);
  };
  void read();
}

type Child = Node | string | null | undefined | false;
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K, attrs: Record<string, string | boolean | ((event: Event) => void)> = {}, ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, '').toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}, ...children: (SVGElement | string | null | false)[]): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  for (const child of children) if (child) element.append(child);
  return element;
}

/** A short message over the page that goes away by itself. */
export function toast(text: string, kind: 'info' | 'error' = 'info'): void {
  const box = h('div', { class: `toast toast-${kind}`, role: 'status' }, text);
  document.body.append(box);
  setTimeout(() => box.remove(), 2_600);
}
