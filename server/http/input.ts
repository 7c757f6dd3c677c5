/** Input no call accepts, member or operator: control characters and text-direction overrides. */

/** NUL (which PostgreSQL text cannot hold), other control characters and bidi overrides (display spoofing). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** The same, less line feed, carriage return and tab: what a multi-line text (a post's content) may hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_IN_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

const NO_FIELDS: ReadonlySet<string> = new Set();

/**
 * The path of the first string anywhere in `value` (keys included) that holds a forbidden character, or
 * null. Strings at the `multiline` paths (dotted, e.g. 'content' or 'body.content') may hold line breaks and tabs.
 */
export function forbiddenCharacterAt(value: unknown, path: string[] = [], multiline: ReadonlySet<string> = NO_FIELDS): string | null {
  if (typeof value === 'string') {
    const forbidden = multiline.has(path.join('.')) ? FORBIDDEN_IN_MULTILINE : FORBIDDEN_CHARACTERS;
    return forbidden.test(value) ? path.join('.') || 'payload' : null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (FORBIDDEN_CHARACTERS.test(key)) return [...path, 'key'].join('.');
    const found = forbiddenCharacterAt(inner, [...path, key], multiline);
    if (found !== null) return found;
  }
  return null;
}
