import { join } from 'node:path';
import { type FileSystemPort, writeFileAtomic } from './files';
import { stringifyInSlices } from '../core/json-slices';
import { encodeRecord, encodeRecordInSlices, scanRecords } from './records';
import type { ExportJson } from '../core/model';
import { PersistenceError } from '../core/model';

const SNAPSHOT_FILE = 'snapshot.db';
const MAGIC = Buffer.from('RTDBSNP1');

export interface Snapshot {
  /** Journals up to and including this generation are already folded in. */
  covers: number;
  /** The sequence number of the last journal record folded in (null in snapshots written before records had one). */
  seq: number | null;
  trees: Map<string, ExportJson>;
  /** Size of the file. */
  bytes: number;
}

/**
 * Serialises the trees into the chunks of a snapshot file: a header record, one record per namespace and an end
 * record, so that a snapshot missing records is detectable. A slice per turn of the event loop (the trees may be
 * large); the caller keeps the trees unchanged until it resolves.
 */
export async function encodeSnapshot(
  covers: number,
  seq: number,
  trees: ReadonlyMap<string, ExportJson>,
): Promise<Buffer[]> {
  const chunks = [MAGIC, encodeRecord({ covers, seq, namespaces: trees.size })];
  for (const [ns, tree] of trees) {
    const payload = [Buffer.from(`{"ns":${JSON.stringify(ns)},"tree":`), ...(await stringifyInSlices(tree)), CLOSE];
    chunks.push(...(await encodeRecordInSlices(payload.map((bytes) => ({ bytes })))));
  }
  chunks.push(encodeRecord({ end: true }));
  return chunks;
}

const CLOSE = Buffer.from('}');

export async function writeSnapshot(dir: string, chunks: readonly Buffer[], files: FileSystemPort): Promise<void> {
  await writeFileAtomic(join(dir, SNAPSHOT_FILE), chunks, dir, files);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function readSnapshot(dir: string, files: FileSystemPort): Promise<Snapshot | null> {
  const path = join(dir, SNAPSHOT_FILE);
  // A temporary file is a compaction that never finished; the previous snapshot and the journals still hold it all.
  await files.rm(`${path}.tmp`, { force: true });
  let data: Buffer;
  try {
    data = await files.readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const refuse = (offset: number, reason: string): never => {
    throw new PersistenceError(
      `snapshot ${path} is damaged at offset ${offset}: ${reason}. Refusing to start rather than lose data; ` +
        'restore the file from a backup or move the data directory aside.',
    );
  };
  if (data.length < MAGIC.length || !data.subarray(0, MAGIC.length).equals(MAGIC)) refuse(0, 'not a snapshot file');
  const { records, damage } = scanRecords(data, MAGIC.length);
  if (damage) refuse(damage.offset, damage.reason);
  const [header, ...rest] = records;
  const footer = rest.pop();
  if (!header || !isRecord(header.payload) || !Number.isInteger(header.payload.covers)) {
    return refuse(MAGIC.length, 'missing header record');
  }
  if (!footer || !isRecord(footer.payload) || footer.payload.end !== true) {
    return refuse(data.length, 'missing end record (file cut short)');
  }
  if (header.payload.namespaces !== rest.length) {
    return refuse(footer.offset, `expected ${String(header.payload.namespaces)} namespaces, found ${rest.length}`);
  }
  const trees = new Map<string, ExportJson>();
  for (const record of rest) {
    const payload = record.payload;
    if (!isRecord(payload) || typeof payload.ns !== 'string' || !('tree' in payload)) {
      return refuse(record.offset, 'malformed namespace record');
    }
    trees.set(payload.ns, payload.tree as ExportJson);
  }
  const seq = Number.isInteger(header.payload.seq) ? (header.payload.seq as number) : null;
  return { covers: header.payload.covers as number, seq, trees, bytes: data.length };
}
