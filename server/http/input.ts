/** Input no call accepts, member or operator: control characters and text-direction overrides. */

/** NUL (which PostgreSQL text cannot hold), other control characters and bidi overrides (display spoofing). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** Fields of written text (board and message contents, answers, comments) may hold line breaks. */
const MULTILINE_FIELDS = new Set(['content', 'answer', 'comment']);
// eslint-disable-next-line no-control-regex -- the same set without line feed and carriage return
const FORBIDDEN_IN_MULTILINE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** The path of the first string anywhere in `value` (keys included) that holds a forbidden character, or null. */
export function forbiddenCharacterAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') {
    const forbidden = MULTILINE_FIELDS.has(path.at(-1) ?? '') ? FORBIDDEN_IN_MULTILINE : FORBIDDEN_CHARACTERS;
    return forbidden.test(value) ? path.join('.') || 'payload' : null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (FORBIDDEN_CHARACTERS.test(key)) return [...path, 'key'].join('.');
    const found = forbiddenCharacterAt(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
