/**
 * Crockford's base32, for what people read out and type: ticket codes and order references. No I, L, O or U, so
 * nothing reads as another character; O, I and L typed anyway are read as 0, 1 and 1.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const AMBIGUOUS: Record<string, string> = { O: '0', I: '1', L: '1' };

/** `length` characters from a cryptographic random source, every character equally likely. */
export function randomCrockford(
  length: number,
  fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes),
): string {
  // 256 is a multiple of 32, so taking five bits of each byte keeps every character equally likely.
  const bytes = new Uint8Array(length);
  fill(bytes);
  return Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
}

/**
 * What was typed or scanned, as `length` characters of the alphabet: spaces, hyphens and case do not matter. Null
 * when it cannot be that (longer than `maxInput` before looking at it, the wrong length, other characters).
 */
export function readCrockford(input: string, length: number, maxInput: number): string | null {
  if (input.length > maxInput) return null;
  const chars = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[OIL]/g, (c) => AMBIGUOUS[c]!);
  if (chars.length !== length) return null;
  for (const c of chars) if (!ALPHABET.includes(c)) return null;
  return chars;
}
