/**
 * Ticket codes: 140 random bits in Crockford's base32 (no I, L, O or U, so nothing reads as another character),
 * written as seven groups of four. The same text is printed under the QR code and typed at the door.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 28;
const GROUP = 4;
/** Anything longer is not a code, whatever it holds: refuse it before looking at it. */
const MAX_INPUT = 200;
const AMBIGUOUS: Record<string, string> = { O: '0', I: '1', L: '1' };

function grouped(chars: string): string {
  return chars.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-');
}

/** A fresh code from the device's cryptographic random source. */
export function newTicketCode(
  fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes),
): string {
  // 256 is a multiple of 32, so taking five bits of each byte keeps every character equally likely.
  const bytes = new Uint8Array(LENGTH);
  fill(bytes);
  return grouped(Array.from(bytes, (byte) => ALPHABET[byte & 31]).join(''));
}

/**
 * The code as stored, from what was typed or scanned: spaces, hyphens and case do not matter, and O, I and L are
 * read as 0, 1 and 1. Null when it cannot be a code (wrong length, other characters, a URL, markup …).
 */
export function normaliseCode(input: string): string | null {
  if (input.length > MAX_INPUT) return null;
  const chars = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[OIL]/g, (c) => AMBIGUOUS[c]!);
  if (chars.length !== LENGTH) return null;
  for (const c of chars) if (!ALPHABET.includes(c)) return null;
  return grouped(chars);
}
