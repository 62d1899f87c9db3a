import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, type Database, getDatabase, goOffline } from 'firebase/database';
import { type DatabaseServer, type DatabaseServerOptions, startDatabaseServer } from '../../../server/server';

export const NAMESPACE = 'demo-storefront-default-rtdb';

let appCounter = 0;

/** A local database server on a free loopback port; stop it with `server.close()`. */
export function startTestServer(options: DatabaseServerOptions = {}): Promise<DatabaseServer> {
  return startDatabaseServer({ port: 0, ...options });
}

export interface SdkClient {
  app: FirebaseApp;
  db: Database;
  /** Drops the connection and deletes the app. */
  close(): Promise<void>;
}

/** An unmodified firebase SDK client talking to `server`, optionally signed in as a mock Auth-emulator user. */
export function sdkClient(
  server: DatabaseServer,
  options: { namespace?: string; user?: { sub: string } & Record<string, unknown> } = {},
): SdkClient {
  const namespace = options.namespace ?? NAMESPACE;
  const app = initializeApp(
    // The API key only matters to firebase/auth, which the Auth emulator lets through with any value.
    { apiKey: 'demo-api-key', projectId: 'demo-storefront', databaseURL: `https://${namespace}.firebaseio.com` },
    `client-${++appCounter}`,
  );
  const db = getDatabase(app);
  connectDatabaseEmulator(db, server.host, server.port, options.user ? { mockUserToken: options.user } : {});
  return {
    app,
    db,
    close: async () => {
      goOffline(db);
      await deleteApp(app);
    },
  };
}

/** Resolves with the first value `probe` returns that is not undefined, polling `events` as they arrive. */
export function eventually<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = probe();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error('condition not reached in time'));
      setTimeout(tick, 10);
    };
    tick();
  });
}
