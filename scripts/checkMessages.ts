/**
 * Part of `npm run lint` (docs/languages.md): the catalogues hold exactly the messages of src/ and of trusted code,
 * every language but the source and the pseudo-language has a translation of each, the pseudo-language's are made
 * from the English (scripts/pseudoLocale.ts), and trusted code's compiled
 * catalogues are those of its `.po` files. Extraction and compilation run here; a catalogue they had to change was
 * out of date, and the run fails with the catalogues now updated for review.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';
import { fillPseudoCatalogues } from './pseudoLocale';
import { compiledTrustedMessages, TRUSTED_CATALOGUES } from './trustedMessages';

const DIRS = ['src/locales', TRUSTED_CATALOGUES];
const TRANSLATED = ['de-DE'];

const snapshot = () =>
  new Map(
    DIRS.flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.po') || file.endsWith('.ts'))
        .map((file) => [join(dir, file), readFileSync(join(dir, file), 'utf8')] as const),
    ),
  );

const before = snapshot();
execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'pipe' });
fillPseudoCatalogues();
for (const [file, text] of await compiledTrustedMessages()) {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
}
const after = snapshot();
const changed = [...after].filter(([file, text]) => before.get(file) !== text).map(([file]) => file);

const missing = [...after]
  .filter(([file]) => TRANSLATED.some((language) => file.endsWith(`${language}.po`)))
  .flatMap(([file, text]) =>
    PO.parse(text)
      .items.filter((item) => item.msgstr.every((translation) => translation === ''))
      .map((item) => `${file}: ${item.msgid}`),
  );

if (changed.length > 0) console.error(`Catalogues were out of date and are now updated: ${changed.join(', ')}.`);
if (missing.length > 0) console.error(`Messages without a translation:\n  ${missing.join('\n  ')}`);
if (changed.length > 0 || missing.length > 0) process.exit(1);
console.log(`Messages: ${after.size} catalogues up to date, every message translated.`);
