import { expect, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { randomUUID } from 'node:crypto';
import { test as databaseTest } from './liveDatabase';

/**
 * Where the e2e build signs in: .env.e2e says 9199; VITE_AUTH_EMULATOR_PORT in the environment overrides it for
 * the build (Vite prefers the environment), for this fixture and for the emulator playwright.config.ts starts, so
 * two test runs on one machine need not share (and stop) one emulator.
 */
const AUTH_EMULATOR_PORT = Number(process.env.VITE_AUTH_EMULATOR_PORT ?? 9199);
export const AUTH_EMULATOR = `http://127.0.0.1:${AUTH_EMULATOR_PORT}`;
const PROJECT_ID = 'demo-storefront';
const API_KEY = 'demo-api-key';

type Role = 'customer' | 'staff';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  role: Role;
}

/** What an outcome of a direct SDK call looks like to a test: 'ok', or the SDK's error code. */
type SdkOutcome = 'ok' | string;

export interface Accounts {
  /** A new Auth-emulator account (unique email) with a profile of the given role in this test's database. */
  create(role: Role, names?: Partial<Pick<TestUser, 'firstname' | 'lastname'>>): Promise<TestUser>;
  /**
   * Opens the dashboard signed in as `user`, as on a device that kept the session: the session the Auth emulator gives
   * the account is stored where the app keeps it, and the app takes it from there. Typing into the login page is
   * for the tests of signing in (`signInThroughForm`): as everyone's first step it cost two to three seconds a test
   * (docs/testing.md#signed-in-as-a-returning-visitor).
   */
  signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void>;
  /** Signs in through the login page and waits for the dashboard. */
  signInThroughForm(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void>;
  /**
   * Runs a write with the unmodified firebase SDK inside the page, signed in as `user` on an app of its own, as a
   * modified client would: only the database rules stand in the way.
   */
  sdkWrite(page: Page, user: TestUser, path: string, value: unknown): Promise<SdkOutcome>;
  sdkRead(page: Page, user: TestUser, path: string): Promise<SdkOutcome>;
  /** The password-reset codes the emulator has "emailed" to this address. */
  resetCodes(email: string): Promise<string[]>;
}

async function emulatorRequest(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${AUTH_EMULATOR}/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`Auth emulator ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The firebase SDK (app, auth, database) bundled for the browser once per worker, exposed as window.firebaseSdk. */
async function bundleSdk(): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        "export * as app from 'firebase/app'; export * as auth from 'firebase/auth'; export * as database from 'firebase/database';",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'firebaseSdk',
    platform: 'browser',
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

interface SdkCall {
  authEmulator: string;
  email: string;
  password: string;
  path: string;
  value: unknown;
  write: boolean;
}

/** Runs in the page: a fresh app signed in as the user, one read or write, the outcome as text. */
async function sdkCallInPage(call: SdkCall): Promise<string> {
  type Sdk = {
    app: typeof import('firebase/app');
    auth: typeof import('firebase/auth');
    database: typeof import('firebase/database');
  };
  const sdk = (window as unknown as { firebaseSdk: Sdk }).firebaseSdk;
  const app = sdk.app.initializeApp(
    {
      apiKey: 'demo-api-key',
      projectId: 'demo-storefront',
      databaseURL: 'http://127.0.0.1:9100?ns=demo-storefront-default-rtdb',
    },
    `probe-${Math.random()}`,
  );
  try {
    const auth = sdk.auth.initializeAuth(app, { persistence: sdk.auth.inMemoryPersistence });
    sdk.auth.connectAuthEmulator(auth, call.authEmulator, { disableWarnings: true });
    await sdk.auth.signInWithEmailAndPassword(auth, call.email, call.password);
    const db = sdk.database.getDatabase(app);
    sdk.database.connectDatabaseEmulator(db, '127.0.0.1', 9100);
    const target = sdk.database.ref(db, call.path);
    if (call.write) await sdk.database.set(target, call.value);
    else await sdk.database.get(target);
    return 'ok';
  } catch (error) {
    // Writes reject with code PERMISSION_DENIED, reads with only a message: one name for both.
    const text = String((error as { code?: unknown }).code ?? (error as Error).message);
    return /permission.denied/i.test(text) ? 'PERMISSION_DENIED' : text;
  } finally {
    await sdk.app.deleteApp(app);
  }
}

/** Where the Auth SDK keeps the signed-in user in the browser (its indexedDBLocalPersistence, the app's first choice). */
const SESSION_STORE = { database: 'firebaseLocalStorageDb', store: 'firebaseLocalStorage', key: 'fbase_key' };

/**
 * The signed-in user as the Auth SDK stores it in the browser: the real SDK signs in here against the Auth emulator
 * and gives its own stored form (the user's toJSON), under the key an app with the e2e build's API key looks for.
 */
async function storedSession(user: Pick<TestUser, 'email' | 'password'>): Promise<{ key: string; value: unknown }> {
  const app = initializeApp({ apiKey: API_KEY, projectId: PROJECT_ID }, `session-${randomUUID()}`);
  try {
    const auth = initializeAuth(app, { persistence: inMemoryPersistence });
    connectAuthEmulator(auth, AUTH_EMULATOR, { disableWarnings: true });
    const { user: signedIn } = await signInWithEmailAndPassword(auth, user.email, user.password);
    return { key: `firebase:authUser:${API_KEY}:[DEFAULT]`, value: { ...signedIn.toJSON(), appName: '[DEFAULT]' } };
  } finally {
    await deleteApp(app);
  }
}

/** Runs in the page: puts `session` where the Auth SDK looks for a kept sign-in, replacing whoever was there. */
async function storeSessionInPage(arg: {
  session: { key: string; value: unknown };
  where: typeof SESSION_STORE;
}): Promise<void> {
  const { session, where } = arg;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(where.database, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(where.store, { keyPath: where.key });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const write = db.transaction(where.store, 'readwrite');
      write.objectStore(where.store).put({ [where.key]: session.key, value: session.value });
      write.oncomplete = () => resolve();
      write.onerror = () => reject(write.error ?? new Error('the session was not stored'));
    });
  } finally {
    db.close();
  }
}

/** Signing in ends on the dashboard; a slow machine takes its time (the Auth emulator, then the profile). */
const expectDashboard = (page: Page) =>
  expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });

export const test = databaseTest.extend<{ accounts: Accounts }, { firebaseBundle: string }>({
  firebaseBundle: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures.
    async ({}, provide) => provide(await bundleSdk()),
    { scope: 'worker' },
  ],
  accounts: async ({ db, firebaseBundle, baseURL }, provide) => {
    const injected = new WeakSet<Page>();
    const inPage = async (page: Page, user: TestUser, path: string, value: unknown, write: boolean) => {
      if (!injected.has(page)) {
        await page.addScriptTag({ content: firebaseBundle });
        injected.add(page);
      }
      return page.evaluate(sdkCallInPage, {
        authEmulator: AUTH_EMULATOR,
        email: user.email,
        password: user.password,
        path,
        value,
        write,
      });
    };
    await provide({
      async create(role, names = {}) {
        const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
        const password = `${role}-password-${randomUUID().slice(0, 4)}`;
        const answer = await emulatorRequest(`identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`, {
          email,
          password,
        });
        const uid = String(answer.localId);
        const user: TestUser = {
          uid,
          email,
          password,
          firstname: names.firstname ?? (role === 'staff' ? 'Sam' : 'Casey'),
          lastname: names.lastname ?? (role === 'staff' ? 'Staff' : 'Customer'),
          role,
        };
        await db.write(`users/${uid}`, {
          firstname: user.firstname,
          lastname: user.lastname,
          email,
          role,
          created: Date.now(),
        });
        return user;
      },
      async signIn(page, user) {
        const session = await storedSession(user);
        // The app's origin holds the session: a new page, or one elsewhere, opens a file of the app's first.
        if (new URL(page.url()).origin !== new URL(baseURL ?? page.url()).origin) await page.goto('/favicon.svg');
        await page.evaluate(storeSessionInPage, { session, where: SESSION_STORE });
        await page.goto('/dashboard');
        await expectDashboard(page);
      },
      async signInThroughForm(page, user) {
        await page.goto('/login');
        // By the form's own ids, so that a test in any language signs in the same way.
        const form = page.locator('form').filter({ has: page.locator('#signin-email') });
        await page.locator('#signin-email').fill(user.email);
        await page.locator('#signin-password').fill(user.password);
        await form.locator('button[type=submit]').click();
        await expectDashboard(page);
      },
      sdkWrite: (page, user, path, value) => inPage(page, user, path, value, true),
      sdkRead: (page, user, path) => inPage(page, user, path, null, false),
      async resetCodes(email) {
        const answer = await emulatorRequest(`emulator/v1/projects/${PROJECT_ID}/oobCodes`);
        const codes = (answer.oobCodes ?? []) as { email: string; requestType: string; oobCode: string }[];
        return codes
          .filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')
          .map((code) => code.oobCode);
      },
    });
  },
});

export { expect } from '@playwright/test';
