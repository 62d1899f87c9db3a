/**
 * A business buyer's VAT identification number, checked offline (docs/taxes.md#vat-numbers): the European Union's
 * own service (VIES) is out of reach from here, so what can be known without it is checked. The number is read as
 * people write it ("DE 136 308 783", "BE (0)468.561.072", "Fr 40 303 265 045"), its country prefix named, its shape
 * held to that country's, and its check digits recomputed where the country's rule for them is public. A number that
 * passes may still not be registered to anyone: only VIES can say that, and the desk is told so.
 */

/** What a checked number is: its country and its compact form ("DE136308783"), or why it is none. */
type VatIdCheck =
  { ok: true; country: string; compact: string } | { ok: false; problem: 'country' | 'format' | 'checksum' };

const digitsOf = (text: string) => [...text].map(Number);

/** Σ digit × weight. */
const weighted = (digits: readonly number[], weights: readonly number[]) =>
  weights.reduce((sum, weight, index) => sum + weight * digits[index]!, 0);

/** The Luhn sum of `text`'s digits, 0 when its last digit checks the rest. */
function luhn(text: string): number {
  let sum = 0;
  digitsOf(text)
    .reverse()
    .forEach((digit, index) => {
      const doubled = index % 2 === 1 ? digit * 2 : digit;
      sum += doubled > 9 ? doubled - 9 : doubled;
    });
  return sum % 10;
}

/** ISO 7064 MOD 11,10 over all of `text`'s digits: true when its last digit checks the rest. */
function mod11And10(text: string): boolean {
  let product = 10;
  for (const digit of digitsOf(text.slice(0, -1))) {
    const sum = (digit + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(text.at(-1));
}

/** ISO 7064 MOD 97-10 over letters (A = 10 … Z = 35) and digits: true when the remainder is 1. */
function mod97(text: string): boolean {
  const expanded = [...text].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('');
  return BigInt(expanded) % 97n === 1n;
}

/** 11 minus Σ mod 11, the usual weighted check digit; 10 and 11 mean what each country says. */
const elevenMinus = (digits: readonly number[], weights: readonly number[]) => 11 - (weighted(digits, weights) % 11);

/** The letters and digits a French key is written in, in the order that gives each its value: no I, no O. */
const FRENCH_KEY_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * France's two-character key before the company's 9-digit SIREN: two digits, (12 + 3 × (SIREN mod 97)) mod 97; or,
 * in the older scheme still in use, a letter among them, whose value and the SIREN agree modulo 11.
 */
function frenchKey(number: string): boolean {
  const siren = Number(number.slice(2));
  if (/^\d{2}/.test(number)) return (12 + 3 * (siren % 97)) % 97 === Number(number.slice(0, 2));
  const [first, second] = [...number.slice(0, 2)].map((char) => FRENCH_KEY_ALPHABET.indexOf(char)) as [number, number];
  const key = /^\d/.test(number) ? first * 24 + second - 10 : first * 34 + second - 100;
  return (siren + 1 + Math.floor(key / 11)) % 11 === key % 11;
}

interface CountryRule {
  /** The compact number after the prefix, as the country writes it. */
  shape: RegExp;
  /** Put into the shape its check reads, when people leave out leading zeros. */
  pad?: (number: string) => string;
  /** True when the check digits agree; absent where the rule is not public or not settled. */
  check?: (number: string) => boolean;
}

/** Each country's shape and check (each from its tax office's published description of the number). */
const RULES: Record<string, CountryRule> = {
  AT: {
    shape: /^U\d{8}$/,
    check: (number) => {
      const digits = digitsOf(number.slice(1));
      const sum = digits
        .slice(0, 7)
        .reduce(
          (total, digit, index) =>
            total + (index % 2 === 1 ? Math.floor((digit * 2) / 10) + ((digit * 2) % 10) : digit),
          0,
        );
      return (10 - ((sum + 4) % 10)) % 10 === digits[7];
    },
  },
  BE: {
    shape: /^[01]\d{9}$/,
    pad: (number) => (number.length === 9 ? `0${number}` : number),
    check: (number) => 97 - (Number(number.slice(0, 8)) % 97) === Number(number.slice(8)),
  },
  BG: { shape: /^\d{9,10}$/ },
  CY: { shape: /^[0-59]\d{7}[A-Z]$/ },
  CZ: { shape: /^\d{8,10}$/ },
  DE: { shape: /^[1-9]\d{8}$/, check: mod11And10 },
  DK: { shape: /^[1-9]\d{7}$/, check: (number) => weighted(digitsOf(number), [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0 },
  EE: {
    shape: /^10\d{7}$/,
    check: (number) => (10 - (weighted(digitsOf(number), [3, 7, 1, 3, 7, 1, 3, 7]) % 10)) % 10 === Number(number[8]),
  },
  EL: {
    shape: /^\d{9}$/,
    pad: (number) => number.padStart(9, '0'),
    check: (number) => (weighted(digitsOf(number), [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === Number(number[8]),
  },
  ES: { shape: /^(?=.*[A-Z])[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: {
    shape: /^\d{8}$/,
    check: (number) => {
      const rest = weighted(digitsOf(number), [7, 9, 10, 5, 8, 4, 2]) % 11;
      return rest !== 1 && (rest === 0 ? 0 : 11 - rest) === Number(number[7]);
    },
  },
  FR: { shape: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, check: frenchKey },
  HR: { shape: /^\d{11}$/, check: mod11And10 },
  HU: { shape: /^\d{8}$/, check: (number) => weighted(digitsOf(number), [9, 7, 3, 1, 9, 7, 3, 1]) % 10 === 0 },
  IE: { shape: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { shape: /^\d{11}$/, check: (number) => luhn(number) === 0 },
  // A company's 9 digits or a person's 12; the second last is 1 for a VAT payer.
  LT: { shape: /^(\d{7}1\d|\d{10}1\d)$/ },
  LU: { shape: /^\d{8}$/, check: (number) => Number(number.slice(0, 6)) % 89 === Number(number.slice(6)) },
  LV: { shape: /^\d{11}$/ },
  MT: { shape: /^[1-9]\d{7}$/ },
  NL: {
    shape: /^\d{9}B(?!00)\d{2}$/,
    pad: (number) => number.replace(/^(\d{1,9})B/, (_, digits: string) => `${digits.padStart(9, '0')}B`),
    // The older numbers pass the eleven test, the sole traders' numbers since 2020 ISO 7064 MOD 97-10 with "NL".
    check: (number) => weighted(digitsOf(number), [9, 8, 7, 6, 5, 4, 3, 2, -1]) % 11 === 0 || mod97(`NL${number}`),
  },
  PL: {
    shape: /^\d{10}$/,
    check: (number) => weighted(digitsOf(number), [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(number[9]),
  },
  PT: {
    shape: /^[1-9]\d{8}$/,
    check: (number) => {
      const key = elevenMinus(digitsOf(number), [9, 8, 7, 6, 5, 4, 3, 2]);
      return (key >= 10 ? 0 : key) === Number(number[8]);
    },
  },
  RO: {
    // A company's CIF of 2 to 10 digits, or a person's 13-digit CNP (checked as the format only).
    shape: /^([1-9]\d{1,9}|\d{13})$/,
    check: (number) => {
      if (number.length === 13) return true;
      const body = number.slice(0, -1).padStart(9, '0');
      return ((weighted(digitsOf(body), [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10 === Number(number.at(-1));
    },
  },
  SE: { shape: /^\d{10}01$/, check: (number) => luhn(number.slice(0, 10)) === 0 },
  SI: {
    shape: /^[1-9]\d{7}$/,
    check: (number) => {
      const key = elevenMinus(digitsOf(number), [8, 7, 6, 5, 4, 3, 2]);
      return key !== 11 && (key === 10 ? 0 : key) === Number(number[7]);
    },
  },
  SK: { shape: /^[1-9]\d[2-47-9]\d{7}$/, check: (number) => BigInt(number) % 11n === 0n },
  // A business outside the Union registered for the EU's one-stop shop: 9 digits, no public check.
  EU: { shape: /^\d{9}$/ },
  // The United Kingdom, for a shop's own number: 9 or 12 digits, or a government department's or health authority's.
  GB: { shape: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/ },
};

/** Prefixes people write for a country whose VAT prefix is another: Greece's is EL, Northern Ireland's XI. */
const PREFIX_OF: Record<string, string> = { GR: 'EL', XI: 'GB' };

/**
 * Reads and checks a VAT number as typed: letters in either case, spaces, dots, hyphens, slashes, colons and
 * brackets between its parts. `country` is the prefix the number carries, which it must.
 */
export function checkVatId(typed: string): VatIdCheck {
  const compact = typed.toUpperCase().replace(/[\s.\-/:()]/g, '');
  const written = compact.slice(0, 2);
  const country = PREFIX_OF[written] ?? written;
  const rule = RULES[country];
  if (!rule) return { ok: false, problem: 'country' };
  const number = (rule.pad ?? ((text: string) => text))(compact.slice(2));
  if (!rule.shape.test(number)) return { ok: false, problem: 'format' };
  if (rule.check && !rule.check(number)) return { ok: false, problem: 'checksum' };
  return { ok: true, country, compact: `${written === 'XI' ? 'XI' : country}${number}` };
}
