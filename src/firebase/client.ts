import { readFirebaseSettings } from './config';

export type DatabaseModule = typeof import('firebase/database');

export interface FirebaseClient {
  sdk: DatabaseModule;
  db: import('firebase/database').Database;
}

let connecting: Promise<FirebaseClient> | undefined;

/**
 * The one place that loads and initialises Firebase. It is loaded on first use, after first paint, so the SDK
 * never weighs on start-up. A failed load (offline on a first visit) is forgotten, so the next call tries again.
 */
export function connectFirebase(): Promise<FirebaseClient> {
  connecting ??= (async () => {
    const [{ initializeApp }, sdk] = await Promise.all([import('firebase/app'), import('firebase/database')]);
    const settings = readFirebaseSettings(import.meta.env, window.location.hostname);
    const app = initializeApp(settings.options);
    const db = sdk.getDatabase(app);
    if (settings.emulators) {
      sdk.connectDatabaseEmulator(db, settings.emulators.database.host, settings.emulators.database.port);
      // The local database serves WebSockets only; without this a browser that once failed to open a WebSocket
      // would try long polling first (firebase:previous_websocket_failure).
      sdk.forceWebSockets();
    }
    return { sdk, db };
  })().catch((error: unknown) => {
    connecting = undefined;
    throw error;
  });
  return connecting;
}
