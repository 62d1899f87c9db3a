import type { FirebaseOptions } from 'firebase/app';

interface EmulatorHost {
  host: string;
  port: number;
}

export interface FirebaseSettings {
  options: FirebaseOptions;
  /** Null when a real Firebase project is configured. */
  emulators: { database: EmulatorHost; auth: EmulatorHost } | null;
}

/** The local stack's demo project and database namespace (docs/data-model.md#projects-and-namespaces). */
const DEMO_PROJECT_ID = 'demo-storefront';

type Env = Record<string, string | boolean | undefined>;

function port(value: unknown, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 && parsed < 65536 ? parsed : fallback;
}

/**
 * The VITE_FIREBASE_* variables switch the build to a real project; without them the app talks to the local
 * emulators on the machine that served the page, so a phone on the same network reaches them too.
 */
export function readFirebaseSettings(env: Env, pageHostname: string): FirebaseSettings {
  const projectId = env.VITE_FIREBASE_PROJECT_ID;
  if (typeof projectId === 'string' && projectId !== '') {
    return {
      options: {
        apiKey: String(env.VITE_FIREBASE_API_KEY ?? ''),
        authDomain: String(env.VITE_FIREBASE_AUTH_DOMAIN ?? ''),
        databaseURL: String(env.VITE_FIREBASE_DATABASE_URL ?? ''),
        projectId,
        appId: String(env.VITE_FIREBASE_APP_ID ?? ''),
      },
      emulators: null,
    };
  }
  // Chromium may resolve "localhost" to ::1 first, where the emulators do not listen.
  const host = !pageHostname || pageHostname === 'localhost' ? '127.0.0.1' : pageHostname;
  const database = { host, port: port(env.VITE_DATABASE_EMULATOR_PORT, 9000) };
  return {
    options: {
      apiKey: 'demo-api-key',
      projectId: DEMO_PROJECT_ID,
      databaseURL: `http://${database.host}:${database.port}?ns=${DEMO_PROJECT_ID}-default-rtdb`,
      appId: '1:000000000000:web:storefront',
    },
    emulators: { database, auth: { host, port: port(env.VITE_AUTH_EMULATOR_PORT, 9099) } },
  };
}
