import { connectFirebase } from './client';
import { constraintsOf, rowsOf, type QueryRows, type QuerySpec } from './query';

/**
 * The port the features' data access is built on: plain reads, writes and subscriptions of database paths
 * (named in paths.ts). The callers own the paths and shapes; the rules decide who may do what, whatever the UI
 * shows. The SDK is loaded on first use (client.ts).
 */
export interface Database {
  /** The value at `path` now, from the database (null when nothing is there). */
  read(path: string): Promise<unknown>;
  set(path: string, value: unknown): Promise<void>;
  /** Changes only the given children of `path` (a multi-path update below it). */
  update(path: string, patch: Record<string, unknown>): Promise<void>;
  /** One atomic multi-path update from the root: all of it is stored or none. */
  updateRoot(patch: Record<string, unknown>): Promise<void>;
  /** Follows the value at `path` until the returned function is called; an error (permission denied) ends it. */
  subscribe(path: string, onValue: (value: unknown) => void, onError?: (error: unknown) => void): () => void;
  /** Follows the children of `path` whose `child` equals `value` (a query the rules can allow on its own). */
  subscribeWhere(
    path: string,
    where: { child: string; equals: string | number | boolean },
    onValue: (value: unknown) => void,
    onError: (error: unknown) => void,
  ): () => void;
  /** Follows the children of `path` that `spec` selects, in its order (src/firebase/query.ts). */
  subscribeQuery(
    path: string,
    spec: QuerySpec,
    onRows: (rows: QueryRows) => void,
    onError: (error: unknown) => void,
  ): () => void;
  /** A fresh push id below `path`: unique, and sorted by time. */
  newKey(path: string): string;
  /** The placeholder the database replaces with its own clock when a write arrives. */
  serverTime: object;
}

/** The database, once the SDK has loaded; rejects when it cannot be (offline on a first visit). */
export async function database(): Promise<Database> {
  const { sdk, db } = await connectFirebase();
  return {
    read: async (path) => (await sdk.get(sdk.ref(db, path))).val() as unknown,
    set: (path, value) => sdk.set(sdk.ref(db, path), value),
    update: (path, patch) => sdk.update(sdk.ref(db, path), patch),
    updateRoot: (patch) => sdk.update(sdk.ref(db), patch),
    subscribe: (path, onValue, onError) =>
      sdk.onValue(sdk.ref(db, path), (snapshot) => onValue(snapshot.val()), onError),
    subscribeWhere: (path, where, onValue, onError) =>
      sdk.onValue(
        sdk.query(sdk.ref(db, path), sdk.orderByChild(where.child), sdk.equalTo(where.equals)),
        (snapshot) => onValue(snapshot.val()),
        onError,
      ),
    subscribeQuery: (path, spec, onRows, onError) =>
      sdk.onValue(
        sdk.query(sdk.ref(db, path), ...constraintsOf(sdk, spec)),
        (snapshot) => onRows(rowsOf(snapshot)),
        onError,
      ),
    newKey: (path) => sdk.push(sdk.ref(db, path)).key!,
    serverTime: sdk.serverTimestamp(),
  };
}

/** Follows the value at `path` until the returned function is called; errors (permission denied) end it. */
export function subscribeValue(
  path: string,
  onValue: (value: unknown) => void,
  onError: (error: unknown) => void,
): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  database().then((db) => {
    if (!stopped) stop = db.subscribe(path, onValue, onError);
  }, onError);
  return () => {
    stopped = true;
    stop?.();
  };
}

/** The value at `path` now, from the database (null when nothing is there). */
export async function readValue(path: string): Promise<unknown> {
  return (await database()).read(path);
}

export async function setValue(path: string, value: unknown): Promise<void> {
  await (await database()).set(path, value);
}

/** Changes only the given children of `path` (a multi-path update below it). */
export async function updateValues(path: string, patch: Record<string, unknown>): Promise<void> {
  await (await database()).update(path, patch);
}

export async function removeValue(path: string): Promise<void> {
  await (await database()).set(path, null);
}

/** One atomic multi-path update from the root; `build` gets the database's clock placeholder. */
export async function updateFromRoot(build: (serverTime: object) => Record<string, unknown>): Promise<void> {
  const db = await database();
  await db.updateRoot(build(db.serverTime));
}
