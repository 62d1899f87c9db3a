/**
 * The pseudo-language (scripts/pseudoLocale.ts, docs/languages.md#the-pseudo-language): accented, about 40% longer,
 * and still the same message to Lingui: its arguments, plurals, selects and component tags untouched.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { extraLength, pseudoLocalize } from '../../scripts/pseudoLocale';

/** The letters a-z left unaccented in a text, filler and words alike. */
const plainLetters = (text: string) => text.match(/[A-Za-z]/g) ?? [];

describe('the pseudo-language', () => {
  it('accents every letter and makes a short text about half as long again, a long one about 30%', () => {
    const out = pseudoLocalize('Add to wishlist');
    expect(out.startsWith('Àðð ţö ŵîšĥļîšţ')).toBe(true);
    expect(plainLetters(out)).toEqual([]);
    expect(out.length / 'Add to wishlist'.length).toBeGreaterThanOrEqual(1.4);
    const long = 'Unpaid orders are checked every minute and lapse when their time to pay is up, giving places back.';
    const ratio = pseudoLocalize(long).length / long.length;
    expect(ratio).toBeGreaterThanOrEqual(1.25);
    expect(ratio).toBeLessThanOrEqual(1.4);
    expect(extraLength(0)).toBe(0);
    expect(extraLength(3)).toBe(2);
  });

  it('keeps arguments, plurals with #, selects and component tags as Lingui reads them', () => {
    const message =
      '{count, plural, one {# item left for {name}} other {# items left}} <0>View</0> {when, date, short} {how, select, card {Card} other {Transfer}}';
    const out = pseudoLocalize(message);
    const names = (tokens: ReturnType<typeof parse>): string[] =>
      tokens.flatMap((token) =>
        token.type === 'content'
          ? []
          : token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal'
            ? [
                `${token.arg}:${token.type}:${token.cases.map((each) => each.key).join('/')}`,
                ...token.cases.flatMap((each) => names(each.tokens as ReturnType<typeof parse>)),
              ]
            : token.type === 'function'
              ? [`${token.arg}:${token.key}`]
              : [token.type === 'argument' ? token.arg : token.type],
      );
    expect(names(parse(out))).toEqual(names(parse(message)));
    expect(out).toContain('<0>');
    expect(out).toContain('</0>');
    expect(out).toContain('# îţéɱ');
    expect(() => compileMessageOrThrow(out)).not.toThrow();
  });

  it('writes braces, apostrophes and a literal # so that they read back as text', () => {
    const message = "It's {n, plural, other {'#' one}} '{'braced'}'";
    const back = parse(pseudoLocalize(message));
    const text = JSON.stringify(back);
    expect(text).toContain("Îţ'š");
    expect(text).toContain('{ƀŕàçéð}');
    expect(() => compileMessageOrThrow(pseudoLocalize(message))).not.toThrow();
  });

  it('leaves a message of only an argument as it is, and only accents one that will not parse', () => {
    expect(pseudoLocalize('{name}')).toBe('{name}');
    expect(pseudoLocalize('{unclosed')).toBe('{ûñçļöšéð');
  });
});
