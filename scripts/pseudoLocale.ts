/**
 * The pseudo-language en-XA (docs/languages.md#the-pseudo-language): every message of the English, accented and
 * made longer, as the usual pseudo-localisation tools do, so that a page in it shows at a glance both text that is
 * not translated (unaccented) and text that a longer language would clip or push over its neighbours. Written into
 * the en-XA catalogues by `npm run messages`; `npm run lint` fails when one is out of date (scripts/checkMessages.ts).
 */
import { parse, type Content, type Select, type Token } from '@messageformat/parser';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import PO from 'pofile';

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!,
  ]),
);

/** Accented filler, so the added length wraps like words and still reads as translated. */
const FILLER = ['ŏñé', 'ţŵö', 'ţĥŕéé', 'ƒöûŕ', 'ƒîṽé', 'šîẋ', 'šéṽéñ', 'éîĝĥţ', 'ñîñé', 'ţéñ'];

/**
 * How much longer a text of `length` characters becomes: about 40% for short texts, less for long ones, as the
 * longer languages (German, Finnish) run against English (docs/languages.md#the-pseudo-language).
 */
export function extraLength(length: number): number {
  if (length === 0) return 0;
  const share = length <= 20 ? 0.5 : length <= 50 ? 0.4 : 0.3;
  return Math.max(2, Math.round(length * share));
}

/** A component's tag in a message of Lingui's <Trans>: `<0>`, `</1>`, `<2/>`. */
const TAG = /<\/?\d+\s*\/?>/g;

/** Letters accented; a component's tag left as it is, since Lingui's <Trans> reads it back. */
function accent(text: string): string {
  return text
    .split(new RegExp(`(${TAG.source})`))
    .map((piece, index) => (index % 2 === 1 ? piece : [...piece].map((char) => ACCENTED[char] ?? char).join('')))
    .join('');
}

/** Filler words of about `length` characters, with a space before each. */
function filler(length: number): string {
  let out = '';
  for (let word = 0; out.length < length; word += 1) out += ` ${FILLER[word % FILLER.length]}`;
  return out;
}

/** Content as ICU writes it: braces quoted, apostrophes doubled, `#` quoted inside a plural. */
function quoted(text: string, inPlural: boolean): string {
  return text.replace(/'/g, "''").replace(inPlural ? /[{}#]/g : /[{}]/g, (char) => `'${char}'`);
}

function written(tokens: readonly Token[], inPlural: boolean): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'content':
          return quoted(token.value, inPlural);
        case 'argument':
          return `{${token.arg}}`;
        case 'function':
          return `{${token.arg}, ${token.key}${token.param ? `, ${written(token.param, inPlural)}` : ''}}`;
        case 'octothorpe':
          return '#';
        case 'plural':
        case 'selectordinal':
        case 'select': {
          const offset = token.pluralOffset ? ` offset:${token.pluralOffset}` : '';
          const cases = token.cases
            .map((each) => `${each.key} {${written(each.tokens, token.type !== 'select' || inPlural)}}`)
            .join(' ');
          return `{${token.arg}, ${token.type},${offset} ${cases}}`;
        }
      }
    })
    .join('');
}

/** One level of a message (the whole, or one case of a plural or select): its text accented, then lengthened. */
function pseudoTokens(tokens: readonly Token[]): Token[] {
  const out: Token[] = tokens.map((token): Token => {
    if (token.type === 'content') return { ...token, value: accent(token.value) };
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal')
      return { ...token, cases: token.cases.map((each) => ({ ...each, tokens: pseudoTokens(each.tokens) })) } as Select;
    return token;
  });
  // What a reader sees of this level: its own words, not the cases below it (each is lengthened on its own).
  const visible = tokens
    .filter((token): token is Content => token.type === 'content')
    .map((token) => token.value.replace(TAG, ''))
    .join('')
    .trim().length;
  const extra = extraLength(visible);
  if (extra > 0) out.push({ type: 'content', value: filler(extra) } as Content);
  return out;
}

/** A message of the English as the pseudo-language says it. A message that will not parse is only accented. */
export function pseudoLocalize(message: string): string {
  let tokens: Token[];
  try {
    tokens = parse(message);
  } catch {
    return accent(message);
  }
  return written(pseudoTokens(tokens), false);
}

/** The catalogues that have an en-XA beside their en-GB: the app's (start, more, staff). */
export const PSEUDO_CATALOGUES = ['src/locales/start', 'src/locales/more', 'src/locales/staff'];

/**
 * Fills every en-XA catalogue with the pseudo-language of its en-GB messages (an entry with an explicit id takes
 * its English from en-GB's msgstr). Writes only a catalogue that changed.
 */
export function fillPseudoCatalogues(): void {
  for (const dir of PSEUDO_CATALOGUES) {
    const english = new Map(
      PO.parse(readFileSync(join(dir, 'en-GB.po'), 'utf8')).items.map((item) => [
        item.msgid,
        item.msgstr[0] || item.msgid,
      ]),
    );
    const file = join(dir, 'en-XA.po');
    const before = readFileSync(file, 'utf8');
    const po = PO.parse(before);
    for (const item of po.items) item.msgstr = [pseudoLocalize(english.get(item.msgid) ?? item.msgid)];
    const after = po.toString();
    if (after !== before) writeFileSync(file, after);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) fillPseudoCatalogues();
