import { crc32 } from 'node:zlib';
import { nextTurn, SLICE_CHARS } from '../core/json-slices';

/**
 * On-disk record framing shared by the journal and the snapshot:
 *   marker (4 bytes) | payload length (u32 LE) | CRC32 of length+payload (u32 LE) | payload (UTF-8 JSON)
 * The marker starts with 0xFF, a byte UTF-8 never contains, so scanning for it after damage finds only real
 * record starts (and the CRC confirms them). That is what tells a torn tail from damage in the middle.
 */
const MARKER = Buffer.from([0xff, 0x52, 0x4a, 0x31]);
const HEADER_BYTES = 12;
/** Longer claims are damage, not data: no single batch or namespace gets near this. */
const MAX_PAYLOAD_BYTES = 1 << 30;

function headerFor(length: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MARKER.copy(header, 0);
  header.writeUInt32LE(length, 4);
  return header;
}

export function encodeRecord(payload: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  const header = headerFor(body.length);
  header.writeUInt32LE(crc32(body, crc32(header.subarray(4, 8))), 8);
  return Buffer.concat([header, body]);
}

/** A piece of a record's payload, with its CRC32 when that is known already (computed off the server's thread). */
export interface PayloadPiece {
  bytes: Uint8Array;
  crc?: number;
}

/**
 * A record whose payload is given as pieces of UTF-8 JSON (see core/json-slices.ts): the header, then the pieces
 * as they are. A piece whose CRC is known is not read again (its CRC is combined with the rest); any other big
 * piece is checksummed a slice per turn of the event loop, so that a big payload holds nobody up.
 */
export async function encodeRecordInSlices(payload: readonly PayloadPiece[]): Promise<Buffer[]> {
  const header = headerFor(payload.reduce((total, piece) => total + piece.bytes.length, 0));
  let checksum = crc32(header.subarray(4, 8));
  for (const { bytes, crc } of payload) {
    if (crc !== undefined) {
      checksum = crc32Combine(checksum, crc, bytes.length);
      continue;
    }
    for (let at = 0; at < bytes.length; at += SLICE_CHARS) {
      checksum = crc32(bytes.subarray(at, at + SLICE_CHARS), checksum);
      if (bytes.length > SLICE_CHARS) await nextTurn();
    }
  }
  header.writeUInt32LE(checksum, 8);
  return [header, ...payload.map(({ bytes }) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))];
}

/** The CRC32 of A followed by B, from the CRC32s of A and of B and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  // Appending n zero bytes to A is a linear map on its CRC: squared again and again, it covers any length in
  // log2(n) steps, without reading B.
  let odd = Array.from({ length: 32 }, (_, n) => (n === 0 ? 0xedb88320 : (1 << (n - 1)) >>> 0));
  let even = square(odd); // two zero bits
  odd = square(even); // four zero bits
  let crc = crcA;
  for (let remaining = lengthB; remaining > 0;) {
    even = square(odd); // the first pass: one zero byte
    if (remaining % 2 === 1) crc = times(even, crc);
    remaining = Math.floor(remaining / 2);
    if (remaining === 0) break;
    odd = square(even);
    if (remaining % 2 === 1) crc = times(odd, crc);
    remaining = Math.floor(remaining / 2);
  }
  return (crc ^ crcB) >>> 0;
}

function times(matrix: readonly number[], vector: number): number {
  let sum = 0;
  for (let row = 0, rest = vector >>> 0; rest !== 0; row++, rest >>>= 1) if (rest & 1) sum ^= matrix[row] as number;
  return sum >>> 0;
}

function square(matrix: readonly number[]): number[] {
  return matrix.map((row) => times(matrix, row));
}

interface DecodedRecord {
  offset: number;
  payload: unknown;
}

interface Damage {
  /** Where the first record that does not check out starts. */
  offset: number;
  reason: string;
  /** True when no intact record follows the damage, as after a write torn by a crash. */
  atTail: boolean;
  /** True when the record is cut off by the end of the data (a short write), rather than complete but wrong. */
  incomplete: boolean;
}

export interface ScanResult {
  records: DecodedRecord[];
  damage?: Damage;
}

type Attempt = { ok: true; next: number; payload: unknown } | { ok: false; reason: string; incomplete?: true };

function readRecordAt(data: Buffer, offset: number): Attempt {
  if (data.length - offset < HEADER_BYTES) return { ok: false, reason: 'incomplete record header', incomplete: true };
  if (!data.subarray(offset, offset + 4).equals(MARKER)) return { ok: false, reason: 'no record marker' };
  const length = data.readUInt32LE(offset + 4);
  if (length > MAX_PAYLOAD_BYTES) return { ok: false, reason: `implausible record length ${length}` };
  const end = offset + HEADER_BYTES + length;
  if (end > data.length) {
    return { ok: false, reason: `record of ${length} bytes runs past the end of the file`, incomplete: true };
  }
  const body = data.subarray(offset + HEADER_BYTES, end);
  const expected = data.readUInt32LE(offset + 8);
  if (crc32(body, crc32(data.subarray(offset + 4, offset + 8))) !== expected) {
    return { ok: false, reason: 'checksum mismatch' };
  }
  try {
    return { ok: true, next: end, payload: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false, reason: 'checksum matches but the payload is not JSON' };
  }
}

function intactRecordAfter(data: Buffer, from: number): boolean {
  for (let at = data.indexOf(MARKER, from); at !== -1; at = data.indexOf(MARKER, at + 1)) {
    if (readRecordAt(data, at).ok) return true;
  }
  return false;
}

/** Decodes every record from `start`; stops at the first one that does not check out and says why. */
export function scanRecords(data: Buffer, start: number): ScanResult {
  const records: DecodedRecord[] = [];
  let offset = start;
  while (offset < data.length) {
    const attempt = readRecordAt(data, offset);
    if (!attempt.ok) {
      const atTail = !intactRecordAfter(data, offset + 1);
      return { records, damage: { offset, reason: attempt.reason, atTail, incomplete: attempt.incomplete === true } };
    }
    records.push({ offset, payload: attempt.payload });
    offset = attempt.next;
  }
  return { records };
}
