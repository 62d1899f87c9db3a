/**
 * A ticket's QR code as a PNG, for the email: mail clients block `data:` and remote images, but show an attached
 * image referenced by Content-ID (docs/decisions.md#email). The same encoder and settings as the ticket on the
 * device (src/features/tickets/TicketQr.tsx: uqr, error correction M, a four-module border), so the door reads
 * the same code whichever the buyer shows. An 8-bit greyscale PNG, deflated by Node's zlib: no image library.
 */
import { crc32, deflateSync } from 'node:zlib';
import { encode } from 'uqr';

/** Pixels per module: 41 modules (a typical ticket code) make a 328 px image, a few hundred bytes. */
const SCALE = 8;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function qrPng(text: string, scale = SCALE): Buffer {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const size = data.length * scale;
  // Each row: filter type 0 (none), then one byte a pixel: 0 black, 255 white.
  const rows = Buffer.alloc((size + 1) * size, 255);
  for (let y = 0; y < size; y++) {
    const row = data[Math.floor(y / scale)]!;
    rows[y * (size + 1)] = 0;
    for (let x = 0; x < size; x++) if (row[Math.floor(x / scale)]) rows[y * (size + 1) + 1 + x] = 0;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
