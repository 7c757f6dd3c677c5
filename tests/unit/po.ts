/** Reading the project's .po catalogs in tests. */

/** msgid -> msgstr of a .po file (single-line entries, as the project writes them). */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const entry = /^msgid "((?:[^"\\]|\\.)*)"\s*\nmsgstr "((?:[^"\\]|\\.)*)"((?:\s*\n"(?:[^"\\]|\\.)*")*)/gm;
  for (const match of text.matchAll(entry)) {
    if (match[1] === '') continue; // header
    const continued = [...match[3].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((part) => part[1]).join('');
    entries.set(JSON.parse(`"${match[1]}"`), JSON.parse(`"${match[2]}${continued}"`));
  }
  return entries;
}
