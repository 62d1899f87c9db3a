/**
 * What a big REST body needs before the server's thread can write it, done in a worker thread (started by
 * large-body.ts): decoding, parsing, checking and normalizing it, its JSON for the journal and the answer, and
 * slices small enough for the server's thread to put the value back together one turn at a time.
 */
import { parentPort } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { cutIntoSlices, type Slice } from '../core/json-slices';
import type { ExportJson } from '../core/model';
import { InvalidDataError, normalizeValue } from '../core/normalize';
import { InvalidPathError, parsePath } from '../core/path';
import { toReadable } from '../core/tree';

export interface BodyJob {
  id: number;
  body: Uint8Array;
  /** set: PUT and POST; merge: PATCH (keys are paths). */
  kind: 'set' | 'merge';
  /** Keys above the written value (the write's path length), for the nesting limit. */
  depth: number;
  /** How the answer shows the written value: as stored (`format=export`), and indented (`print=pretty`). */
  exportFormat: boolean;
  pretty: boolean;
}

/** One written value (a set's, or one child of a merge under `key`), ready for the server's thread. */
export interface PreparedPart {
  key: string;
  slices: Slice[];
  /** The normalized value's JSON, as the journal stores it. */
  json: Uint8Array;
  /** Its CRC32, for the journal's checksum: computed here rather than on the server's thread. */
  jsonCrc: number;
  /** The value as the answer shows it. */
  answer: Uint8Array;
}

export type BodyOutcome =
  | { status: 'invalid-json' }
  | { status: 'not-an-object' }
  | { status: 'invalid-data'; message: string }
  /** Server values (or a key that is not a path) need the current data: the server's thread normalizes it. */
  | { status: 'raw'; slices: Slice[] }
  | { status: 'prepared'; parts: PreparedPart[] };

const SERVER_VALUE = '.sv';

function hasServerValue(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (!Array.isArray(value) && Object.hasOwn(value, SERVER_VALUE)) return true;
  return Object.values(value).some(hasServerValue);
}

const encoder = new TextEncoder();

export function prepareBody(job: BodyJob): BodyOutcome {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(job.body.buffer, job.body.byteOffset, job.body.length).toString('utf8'));
  } catch {
    return { status: 'invalid-json' };
  }
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (job.kind === 'merge' && !isObject) return { status: 'not-an-object' };
  if (hasServerValue(value)) return { status: 'raw', slices: cutIntoSlices(value) };
  let entries: [key: string, value: unknown, depth: number][];
  try {
    entries =
      job.kind === 'set'
        ? [['', value, job.depth]]
        : Object.entries(value as object).map(([key, child]) => [key, child, job.depth + parsePath(key, true).length]);
  } catch (error) {
    if (error instanceof InvalidPathError) return { status: 'raw', slices: cutIntoSlices(value) };
    throw error;
  }
  const parts: PreparedPart[] = [];
  for (const [key, written, depth] of entries) {
    let normalized: ExportJson;
    try {
      normalized = normalizeValue(written, null, depth, { now: 0 });
    } catch (error) {
      if (error instanceof InvalidDataError) return { status: 'invalid-data', message: error.message };
      throw error;
    }
    const shown = job.exportFormat ? normalized : toReadable(normalized);
    const json = encoder.encode(JSON.stringify(normalized));
    parts.push({
      key,
      slices: cutIntoSlices(normalized),
      json,
      jsonCrc: crc32(json),
      answer: encoder.encode(JSON.stringify(shown, null, job.pretty ? 2 : undefined)),
    });
  }
  return { status: 'prepared', parts };
}

parentPort?.on('message', (job: BodyJob) => {
  let outcome: BodyOutcome;
  try {
    outcome = prepareBody(job);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: (error as Error).message });
    return;
  }
  const transfer =
    outcome.status === 'prepared' ? outcome.parts.flatMap((part) => [part.json.buffer, part.answer.buffer]) : [];
  parentPort?.postMessage({ id: job.id, outcome }, transfer as ArrayBuffer[]);
});
