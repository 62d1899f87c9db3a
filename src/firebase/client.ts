import { nextTask } from '../lib/nextTask';
import { readFirebaseSettings } from './config';

type DatabaseModule = typeof import('firebase/database');
type AuthModule = typeof import('firebase/auth');

export interface FirebaseClient {
  sdk: DatabaseModule;
  db: import('firebase/database').Database;
  authSdk: AuthModule;
  auth: import('firebase/auth').Auth;
}

let connecting: Promise<FirebaseClient> | undefined;

/**
 * The database SDK notes connection hints in localStorage (`firebase:previous_websocket_failure` before every
 * WebSocket it opens, `firebase:host:…` after a redirect) without catching errors: with the device's storage full
 * and the database unreachable, every reconnection attempt threw an uncaught QuotaExceededError. The hints only
 * speed up the next connection, so a hint that cannot be stored is dropped. Only these keys are touched: the app's
 * own keys and the Auth SDK's session report their errors as before.
 */
let hintsGuarded = false;
function dropUnstorableConnectionHints(): void {
  if (hintsGuarded) return;
  hintsGuarded = true;
  const setItem = Storage.prototype.setItem;
  const isHint = (key: string) => key === 'firebase:previous_websocket_failure' || key.startsWith('firebase:host:');
  Storage.prototype.setItem = function setItemOrDropHint(this: Storage, key: string, value: string) {
    try {
      setItem.call(this, key, value);
    } catch (error) {
      if (!isHint(key)) throw error;
    }
  };
}

/**
 * The one place that loads and initialises Firebase. It is loaded on first use, after first paint, so the SDK
 * never weighs on start-up. A failed load (offline on a first visit) is forgotten, so the next call tries again.
 * Auth and the database share the app, so the database connection carries the signed-in user's token.
 */
export function connectFirebase(): Promise<FirebaseClient> {
  connecting ??= (async () => {
    dropUnstorableConnectionHints();
    const [{ initializeApp }, sdk, authSdk] = await Promise.all([
      import('firebase/app'),
      import('firebase/database'),
      import('firebase/auth'),
    ]);
    const settings = readFirebaseSettings(import.meta.env, window.location.hostname);
    // Each part starts in a task of its own: together they were one task of 45-80 ms on this machine, several
    // hundred on a phone, just after the page had been taken over (docs/performance.md#the-start-up-in-short-tasks).
    await nextTask();
    const app = initializeApp(settings.options);
    await nextTask();
    // initializeAuth rather than getAuth: we sign in with email and password only, so the popup/redirect
    // resolver (and its iframe code) is left out. The session survives reloads in IndexedDB.
    const auth = authSdk.initializeAuth(app, {
      persistence: [authSdk.indexedDBLocalPersistence, authSdk.browserLocalPersistence],
    });
    if (settings.emulators) {
      const { host, port } = settings.emulators.auth;
      authSdk.connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true });
    }
    await nextTask();
    const db = sdk.getDatabase(app);
    if (settings.emulators) {
      sdk.connectDatabaseEmulator(db, settings.emulators.database.host, settings.emulators.database.port);
      // The local database serves WebSockets only; without this a browser that once failed to open a WebSocket
      // would try long polling first (firebase:previous_websocket_failure).
      sdk.forceWebSockets();
    }
    return { sdk, db, authSdk, auth };
  })().catch((error: unknown) => {
    connecting = undefined;
    throw error;
  });
  return connecting;
}
