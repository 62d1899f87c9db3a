import { connectFirebase } from './client';

/**
 * Plain reads and writes of database paths for the dashboard. The callers own the paths and shapes; the rules
 * decide who may do what, whatever the UI shows.
 */

/** Follows the value at `path` until the returned function is called; errors (permission denied) end it. */
export function subscribeValue(path: string, onValue: (value: unknown) => void, onError: (error: unknown) => void): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  connectFirebase().then(({ sdk, db }) => {
    if (!stopped) stop = sdk.onValue(sdk.ref(db, path), (snapshot) => onValue(snapshot.val()), onError);
  }, onError);
  return () => {
    stopped = true;
    stop?.();
  };
}

/** The value at `path` now, from the database. */
export async function readValue(path: string): Promise<unknown> {
  const { sdk, db } = await connectFirebase();
  return (await sdk.get(sdk.ref(db, path))).val() as unknown;
}

export async function setValue(path: string, value: unknown): Promise<void> {
  const { sdk, db } = await connectFirebase();
  await sdk.set(sdk.ref(db, path), value);
}

/** Changes only the given children of `path` (a multi-path update below it). */
export async function updateValues(path: string, patch: Record<string, unknown>): Promise<void> {
  const { sdk, db } = await connectFirebase();
  await sdk.update(sdk.ref(db, path), patch);
}

export async function removeValue(path: string): Promise<void> {
  const { sdk, db } = await connectFirebase();
  await sdk.remove(sdk.ref(db, path));
}
