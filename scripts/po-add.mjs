// Adds catalog entries: node scripts/po-add.mjs <file.json>, where the file maps id -> {ko, en, vi}.
// Existing ids are left untouched; new ones are appended as explicit ids.
import { readFileSync, writeFileSync } from 'node:fs';

const entries = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const locale of ['ko', 'en', 'vi']) {
  const path = new URL(`../locales/${locale}/messages.po`, import.meta.url);
  let po = readFileSync(path, 'utf8');
  for (const [id, texts] of Object.entries(entries)) {
    if (po.includes(`msgid ${JSON.stringify(id)}\n`)) continue;
    if (!texts[locale]) throw new Error(`${id} has no ${locale} text`);
    po += `${po.endsWith('\n\n') ? '' : '\n'}#. js-lingui-explicit-id\nmsgid ${JSON.stringify(id)}\nmsgstr ${JSON.stringify(texts[locale])}\n`;
  }
  writeFileSync(path, po);
}
