/**
 * The data model of the database server's core (stored JSON, committed writes) and the port persistence implements.
 * It lives in core so that core never depends on persistence (see eslint.config.js).
 */
/** Export-format JSON as stored: may carry ".priority"/".value" keys. */
export type ExportJson = null | boolean | number | string | { [key: string]: ExportJson };

/** One committed write, server values already resolved. path: "/" for the root, else "/a/b". null deletes. */
export interface WriteOp {
  path: string;
  value: ExportJson;
  /** The value's JSON (UTF-8), when the writer has it already: storage writes it instead of encoding `value`. */
  json?: Uint8Array;
  /** The CRC32 of `json`, computed where `json` was (off the server's thread), so that storage need not read it. */
  jsonCrc?: number;
  /** Set when nobody else holds `value` (nor will change it): storage may keep it instead of copying it. */
  owned?: boolean;
}

export interface Persistence {
  /** Every namespace's tree at start-up (export format). Throws PersistenceError with a clear message on damage it
   *  cannot recover; reports (through the log callback given to its constructor) what it recovered. */
  load(): Promise<Map<string, ExportJson>>;
  /** Lets persistence read the current trees, e.g. to compact its journal into a snapshot. Called once after load. */
  attach(current: () => ReadonlyMap<string, ExportJson>): void;
  /** Records one atomic batch (a set = 1 op, a multi-path update = n ops) for one namespace. Resolves only once the
   *  batch will survive kill -9 (fsync); the server applies and acknowledges the write after that. Calls made in the
   *  same tick share one fsync (group commit). A rejected batch must never come back at load; the next call tries
   *  again. Batches are applied at load in call order. */
  commit(namespace: string, ops: readonly WriteOp[]): Promise<void>;
  /** Flushes and closes. */
  close(): Promise<void>;
}

export class PersistenceError extends Error {
  override name = 'PersistenceError';
}
