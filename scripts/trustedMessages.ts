/**
 * Trusted code's messages, compiled (docs/languages.md#texts-that-trusted-code-speaks). Trusted code is built with
 * esbuild and, in the e2e suite, runs in Playwright's loader: neither compiles Lingui's catalogues, so each language
 * the shop speaks gets its catalogue of trusted texts compiled into a TypeScript module beside its `.po`, committed.
 * `npm run messages` writes them; `npm run lint` fails when one is out of date (scripts/checkMessages.ts).
 *
 *   tsx scripts/trustedMessages.ts
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import PO from 'pofile';
import { format, resolveConfig } from 'prettier';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../src/i18n/languages';

export const TRUSTED_CATALOGUES = 'functions/src/language/catalogues';

const poPath = (language: string) => join(TRUSTED_CATALOGUES, `${language}.po`);
export const compiledPath = (language: string): string => join(TRUSTED_CATALOGUES, `${language}.ts`);

/** A catalogue's translations by id; an entry left empty is missing (the source language's carry their message). */
function translations(language: string): Map<string, string> {
  const items = PO.parse(readFileSync(poPath(language), 'utf8')).items;
  return new Map(items.flatMap((item) => (item.msgstr[0] ? [[item.msgid, item.msgstr[0]] as const] : [])));
}

/** Each language's compiled module as it should read: every message of the source language, translated or not. */
export async function compiledTrustedMessages(): Promise<Map<string, string>> {
  const source = translations(DEFAULT_LANGUAGE);
  const prettier = await resolveConfig(compiledPath(DEFAULT_LANGUAGE));
  const modules = new Map<string, string>();
  for (const language of LANGUAGES) {
    const own = translations(language);
    const compiled = Object.fromEntries(
      [...source].map(([id, message]) => [id, compileMessageOrThrow(own.get(id) ?? message)]),
    );
    const text = [
      `// Compiled from ${language}.po by scripts/trustedMessages.ts (npm run messages): not edited by hand.`,
      "import type { Messages } from '@lingui/core';",
      '',
      `export const messages: Messages = ${JSON.stringify(compiled)};`,
      '',
    ].join('\n');
    modules.set(compiledPath(language), await format(text, { ...prettier, filepath: compiledPath(language) }));
  }
  return modules;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [file, text] of await compiledTrustedMessages()) writeFileSync(file, text);
}
