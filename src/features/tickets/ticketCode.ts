import { randomCrockford, readCrockford } from '../../lib/crockford';

/**
 * Ticket codes: 140 random bits in Crockford's base32 (lib/crockford.ts), written as seven groups of four. The
 * same text is printed under the QR code and typed at the door.
 */
const LENGTH = 28;
const GROUP = 4;
/** Anything longer is not a code, whatever it holds: refuse it before looking at it. */
const MAX_INPUT = 200;

function grouped(chars: string): string {
  return chars.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-');
}

/** A fresh code from the device's cryptographic random source. */
export function newTicketCode(fill?: (bytes: Uint8Array<ArrayBuffer>) => void): string {
  return grouped(randomCrockford(LENGTH, fill));
}

/**
 * The code as stored, from what was typed or scanned: spaces, hyphens and case do not matter, and O, I and L are
 * read as 0, 1 and 1. Null when it cannot be a code (wrong length, other characters, a URL, markup …).
 */
export function normaliseCode(input: string): string | null {
  const chars = readCrockford(input, LENGTH, MAX_INPUT);
  return chars && grouped(chars);
}
