import type { ExportJson } from './model';

/**
 * Big JSON values in pieces small enough to handle in one turn of the event loop each, so that a value of tens of
 * megabytes never holds up every other client for the whole of its parse or encoding (docs/local-database.md,
 * "Big values"). A worker thread cuts a parsed value into slices; the server's thread puts it back together one
 * slice per turn. Writing goes the other way: a value is encoded a slice at a time.
 */

/** Characters of JSON one slice holds at most, apart from a single string longer than that (at most 10 MB). */
export const SLICE_CHARS = 1024 * 1024;

/** The children (as a JSON object) to put under the node at `path`; with `whole`, the whole value instead. */
export interface Slice {
  path: string[];
  json: string;
  whole?: true;
}

export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Cuts a value parsed from JSON into slices of at most `limit` characters (arrays become objects keyed by index). */
export function cutIntoSlices(value: unknown, limit = SLICE_CHARS): Slice[] {
  const slices: Slice[] = [];
  const whole = cut(value, [], slices, limit);
  if (whole !== null) slices.push({ path: [], json: whole, whole: true });
  return slices;
}

/** The node's JSON when it fits in one slice; otherwise null, with the node's slices pushed onto `slices`. */
function cut(node: unknown, path: string[], slices: Slice[], limit: number): string | null {
  if (typeof node !== 'object' || node === null) return JSON.stringify(node) ?? 'null';
  const small: string[] = [];
  let size = 2;
  let complete = true;
  for (const [key, child] of Object.entries(node)) {
    const text = cut(child, [...path, key], slices, limit);
    if (text === null) {
      complete = false;
      continue;
    }
    const member = `${JSON.stringify(key)}:${text}`;
    if (size + member.length + 1 > limit && small.length > 0) {
      slices.push({ path, json: `{${small.join(',')}}` });
      small.length = 0;
      size = 2;
      complete = false;
    }
    small.push(member);
    size += member.length + 1;
  }
  if (complete && !Array.isArray(node)) return `{${small.join(',')}}`;
  if (complete) return JSON.stringify(node);
  if (small.length > 0) slices.push({ path, json: `{${small.join(',')}}` });
  return null;
}

type Container = Record<string, unknown>;

/** A child stored as an own property, even one named "__proto__". */
function put(node: Container, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Puts a value back together from its slices, parsing about one slice's worth per turn of the event loop. */
export async function assembleSlices(slices: readonly Slice[]): Promise<unknown> {
  let root: unknown = null;
  let sinceTurn = 0;
  for (const slice of slices) {
    if (sinceTurn > 0 && sinceTurn + slice.json.length > SLICE_CHARS) {
      await nextTurn();
      sinceTurn = 0;
    }
    sinceTurn += slice.json.length;
    const part = JSON.parse(slice.json) as unknown;
    if (slice.whole) {
      root = part;
      continue;
    }
    if (typeof root !== 'object' || root === null) root = {};
    let node = root as Container;
    for (const key of slice.path) {
      if (!Object.hasOwn(node, key)) put(node, key, {});
      node = node[key] as Container;
    }
    for (const [key, child] of Object.entries(part as Container)) put(node, key, child);
  }
  return root;
}

/**
 * An object of a few small leaves (a record) is encoded by JSON.stringify in one go: one native call instead of
 * a generator step per key and value. Bigger ones go piece by piece, so that no single call is long.
 */
const FLAT_CHILDREN = 64;
const FLAT_CHARS = 4096;
/**
 * Pieces of JSON text encoded per slice at most: a value of many small records costs far more per character than
 * one of long strings (each piece is a step of the generator), so characters alone do not bound a turn.
 */
export const SLICE_PIECES = 4096;

function isSmallRecord(node: Record<string, ExportJson>): boolean {
  let children = 0;
  let chars = 0;
  for (const key in node) {
    const child = node[key];
    if (typeof child === 'object' && child !== null) return false;
    chars += key.length + (typeof child === 'string' ? child.length : 8);
    if (++children > FLAT_CHILDREN || chars > FLAT_CHARS) return false;
  }
  return true;
}

/** The JSON text of a stored value, piece by piece (stored values hold objects and leaves, never arrays). */
function* jsonPieces(node: ExportJson): Generator<string> {
  if (typeof node !== 'object' || node === null || isSmallRecord(node)) {
    yield JSON.stringify(node);
    return;
  }
  let separator = '{';
  for (const key of Object.keys(node)) {
    yield `${separator}${JSON.stringify(key)}:`;
    separator = ',';
    yield* jsonPieces(node[key] as ExportJson);
  }
  yield separator === '{' ? '{}' : '}';
}

/**
 * The JSON of a stored value as UTF-8 pieces of about a slice each, encoded a slice per turn of the event loop.
 * Keys and leaves come out as JSON.stringify writes them, so the text parses back to the same value.
 */
export async function stringifyInSlices(value: ExportJson): Promise<Buffer[]> {
  const buffers: Buffer[] = [];
  let pending: string[] = [];
  let pendingChars = 0;
  for (const piece of jsonPieces(value)) {
    pending.push(piece);
    pendingChars += piece.length;
    if (pendingChars < SLICE_CHARS && pending.length < SLICE_PIECES) continue;
    buffers.push(Buffer.from(pending.join(''), 'utf8'));
    pending = [];
    pendingChars = 0;
    await nextTurn();
  }
  if (pending.length > 0) buffers.push(Buffer.from(pending.join(''), 'utf8'));
  return buffers;
}
