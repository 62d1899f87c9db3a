import type { MemoryBudget } from '../limits';

/** The SDK splits messages longer than this (in UTF-16 units) into frames, and expects the same from us. */
export const MAX_FRAME_CHARS = 16384;
/** The largest message we assemble from a client; Firebase caps SDK writes at 16 MB. */
const MAX_MESSAGE_CHARS = 16 * 1024 * 1024;

export class FrameError extends Error {
  override name = 'FrameError';
}

/**
 * Frames for one message: the text itself, or a frame holding the count followed by the pieces. Pieces never
 * split a surrogate pair (each frame is encoded as UTF-8 on its own, so half a pair would be lost).
 */
export function encodeFrames(json: string): Buffer[] {
  if (json.length <= MAX_FRAME_CHARS) return [Buffer.from(json, 'utf8')];
  const pieces: Buffer[] = [];
  for (let start = 0; start < json.length;) {
    let end = Math.min(start + MAX_FRAME_CHARS, json.length);
    const last = json.charCodeAt(end - 1);
    if (end < json.length && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(Buffer.from(json.slice(start, end), 'utf8'));
    start = end;
  }
  return [Buffer.from(String(pieces.length), 'utf8'), ...pieces];
}

const FRAME_COUNT = /^\d{1,6}$/;

/**
 * Reassembles a client's frames into messages (the client splits the same way, announcing the count first).
 * The pieces of a message not yet complete count against `held`, which all connections share.
 */
export class FrameAssembler {
  private expected = 0;
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly held: MemoryBudget) {}

  /** The complete message, or null while pieces are still due (or for the client's "0" keep-alive). */
  push(frame: string): string | null {
    if (this.expected === 0) {
      if (!FRAME_COUNT.test(frame)) return frame;
      const count = Number(frame);
      if (count > Math.ceil(MAX_MESSAGE_CHARS / MAX_FRAME_CHARS)) throw new FrameError(`Too many frames (${count})`);
      this.expected = count;
      return null;
    }
    if (this.size + frame.length > MAX_MESSAGE_CHARS) throw new FrameError('Message larger than 16 MB');
    if (!this.held.take(frame.length)) throw new FrameError('Server busy: too much half-sent data from all clients');
    this.size += frame.length;
    this.parts.push(frame);
    if (this.parts.length < this.expected) return null;
    const message = this.parts.join('');
    this.discard();
    return message;
  }

  /** Forgets a message in progress (also when its connection closes), giving back what it held. */
  discard(): void {
    this.held.give(this.size);
    this.expected = 0;
    this.parts = [];
    this.size = 0;
  }
}
