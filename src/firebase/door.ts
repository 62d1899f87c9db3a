import { connectFirebase } from './client';

/**
 * Reads and writes for tickets and the door's check-in. The callers own the paths and shapes; the rules decide
 * who may do what.
 */

/** The value at `path` once (null when nothing is there). */
export async function readValue(path: string): Promise<unknown> {
  const { sdk, db } = await connectFirebase();
  return (await sdk.get(sdk.ref(db, path))).val();
}

/** One atomic multi-path update from the root; `build` gets the server's timestamp placeholder. */
export async function updateFromRoot(build: (serverTime: unknown) => Record<string, unknown>): Promise<void> {
  const { sdk, db } = await connectFirebase();
  await sdk.update(sdk.ref(db), build(sdk.serverTimestamp()));
}
