/** Values cut into slices (off the server's thread) come back whole, and each slice stays within its bound. */
import { describe, expect, it } from 'vitest';
import {
  assembleSlices,
  cutIntoSlices,
  SLICE_CHARS,
  SLICE_PIECES,
  stringifyInSlices,
} from '../../server/core/json-slices';
import type { ExportJson } from '../../server/core/model';

function wide(children: number, text: string): Record<string, unknown> {
  return Object.fromEntries(
    Array.from({ length: children }, (_, i) => [`k${i}`, { text, n: i, deep: { flag: true } }]),
  );
}

describe('JSON slices', () => {
  it('cut a big value into bounded slices that put it back together', async () => {
    const value = { list: wide(2000, 'x'.repeat(50)), nested: { again: wide(500, 'y'), leaf: 'z'.repeat(300) }, n: 1 };
    const slices = cutIntoSlices(value, 4096);
    expect(slices.length).toBeGreaterThan(30);
    expect(Math.max(...slices.map((slice) => slice.json.length))).toBeLessThanOrEqual(4096);
    expect(await assembleSlices(slices)).toEqual(value);
  });

  it('keep a small value whole, a long string as one slice, and odd keys as ordinary children', async () => {
    expect(cutIntoSlices({ a: 1 })).toEqual([{ path: [], json: '{"a":1}', whole: true }]);
    expect(await assembleSlices(cutIntoSlices('s'.repeat(10_000), 100))).toBe('s'.repeat(10_000));
    expect(await assembleSlices(cutIntoSlices(null))).toBeNull();
    const odd = JSON.parse(`{"__proto__":{"polluted":"yes"},"constructor":{"x":"y"},"z":"${'q'.repeat(200)}"}`);
    const back = (await assembleSlices(cutIntoSlices(odd, 64))) as Record<string, unknown>;
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(JSON.stringify(back)).toBe(JSON.stringify(odd));
  });

  it('turn arrays too big for one slice into objects keyed by index', async () => {
    const list = Array.from({ length: 300 }, (_, i) => `item ${i}`);
    expect(await assembleSlices(cutIntoSlices({ list }, 256))).toEqual({ list: Object.fromEntries(list.entries()) });
  });

  it('encode a stored value as JSON that parses back to it', async () => {
    const odd = 'é"\\\n';
    const value = { a: wide(3000, odd), b: { '.value': 3, '.priority': 'p' }, c: 'x', d: { e: {} } } as ExportJson;
    const text = Buffer.concat(await stringifyInSlices(value)).toString('utf8');
    expect(text).toBe(JSON.stringify(value));
  });

  it('encode many small records in many turns, not only as many as their characters would take', async () => {
    const records = 20_000;
    const value = { messages: wide(records, 'm') } as ExportJson;
    const text = JSON.stringify(value);
    expect(text.length).toBeLessThan(2 * SLICE_CHARS); // by characters alone, two slices
    const turns = await turnsTaken(() => stringifyInSlices(value));
    // Each record is a few pieces of text (its key, its fields): a turn encodes a bounded number of them.
    expect(turns).toBeGreaterThanOrEqual(records / SLICE_PIECES);
    expect(Buffer.concat(await stringifyInSlices(value)).toString('utf8')).toBe(text);
  });

  it('encode records whose fields are all leaves, odd keys included, as JSON.stringify does', async () => {
    const record = JSON.parse('{"__proto__":"p","constructor":1,"é\\"":null,"t":true}') as ExportJson;
    const value = { a: { r1: record, r2: { ...(record as object), deep: { x: 1 } } }, b: 'leaf' } as ExportJson;
    expect(Buffer.concat(await stringifyInSlices(value)).toString('utf8')).toBe(JSON.stringify(value));
  });
});

/** How many turns of the event loop `work` took (the immediates that ran while it did). */
async function turnsTaken(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const count = (): void => {
    if (!running) return;
    turns++;
    setImmediate(count);
  };
  setImmediate(count);
  await work();
  running = false;
  return turns;
}
