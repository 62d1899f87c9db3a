/**
 * Firebase accepts only a subset of regular expressions in rules (docs: "Regular Expressions" in the Realtime
 * Database rules reference): \s \w \d \S \W \D, escaped symbols, ^ as the first and $ as the last character,
 * * + ? {n,m} . ( ) | [ ] [a-z] [^ ] and the i flag. Anything else would mean something different here than
 * in Firebase, or not work there at all, so it is refused.
 */
const CLASS_ESCAPES = new Set(['s', 'w', 'd', 'S', 'W', 'D']);

/** The first unsupported feature of `source` (the text between the slashes) and its offset, or null. */
export function unsupportedRegexFeature(source: string): { offset: number; reason: string } | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '\\') {
      if (next !== undefined && /[A-Za-z0-9]/.test(next) && !CLASS_ESCAPES.has(next)) {
        return {
          offset: i,
          reason: `'\\${next}' is not supported in rules regular expressions (only \\s \\w \\d \\S \\W \\D and escaped symbols)`,
        };
      }
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(' && next === '?') {
      return {
        offset: i,
        reason: "'(?' (lookaround, named or non-capturing groups) is not supported in rules regular expressions",
      };
    } else if (c === '^' && i !== 0) {
      return { offset: i, reason: "'^' is only supported as the first character of a rules regular expression" };
    } else if (c === '$' && i !== source.length - 1) {
      return { offset: i, reason: "'$' is only supported as the last character of a rules regular expression" };
    } else if (/[*+?}]/.test(c) && next === '?') {
      return { offset: i + 1, reason: 'lazy quantifiers are not supported in rules regular expressions' };
    }
  }
  return null;
}
