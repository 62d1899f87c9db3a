/**
 * The firebase-admin (Node) SDK against the local database with its emulator settings
 * (FIREBASE_DATABASE_EMULATOR_HOST), as server code uses it: full admin, down-scoped admins
 * (databaseAuthVariableOverride) that the rules then judge, and the rules API. Plus the REST form of the
 * override that the Python, Go and Java admin SDKs send.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { NAMESPACE, startTestServer } from './support/protocol-harness';

const RULES = readFileSync(fileURLToPath(new URL('../../database.rules.json', import.meta.url)), 'utf8');
const profile = (name: string, role = 'customer') => ({
  firstname: name,
  lastname: 'T',
  email: `${name}@example.com`,
  role,
  created: 1,
});

let server: DatabaseServer;
const apps: App[] = [];
let previousHost: string | undefined;

function adminApp(override?: object | null): App {
  const options = {
    // The rules API authorises with the app's credential; "owner" is the local database's admin token.
    credential: { getAccessToken: async () => ({ access_token: 'owner', expires_in: 3600 }) },
    projectId: 'demo-storefront',
    databaseURL: `https://${NAMESPACE}.firebaseio.com`,
    ...(override === undefined ? {} : { databaseAuthVariableOverride: override }),
  };
  const app = initializeApp(options, `admin-${apps.length}`);
  apps.push(app);
  return app;
}

function outcome(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (error: Error) => (/permission/i.test(error.message) ? 'denied' : error.message),
  );
}

beforeAll(async () => {
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  previousHost = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
  await server.set(NAMESPACE, '/users', { alice: profile('alice'), bob: profile('bob'), sam: profile('sam', 'staff') });
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  if (previousHost === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  else process.env.FIREBASE_DATABASE_EMULATOR_HOST = previousHost;
  await server.close();
});

describe('firebase-admin', () => {
  it('reads and writes everything as admin', async () => {
    const db = getDatabase(adminApp());
    expect(Object.keys((await db.ref('users').get()).val() as object).sort()).toEqual(['alice', 'bob', 'sam']);
    await db.ref('users/bob/lastname').set('Admin-set');
    expect((await db.ref('users/bob/lastname').get()).val()).toBe('Admin-set');
  });

  it('acts as the user named by databaseAuthVariableOverride, judged by the rules', async () => {
    const db = getDatabase(adminApp({ uid: 'alice' }));
    expect((await db.ref('users/alice/firstname').get()).val()).toBe('alice');
    expect(await outcome(db.ref('users/bob').get())).toBe('denied');
    expect(await outcome(db.ref('users/alice/role').set('staff'))).toBe('denied');
    expect(await outcome(db.ref('users/alice/firstname').set('Alicia'))).toBe('ok');
  });

  it('acts as signed out with databaseAuthVariableOverride null', async () => {
    const db = getDatabase(adminApp(null));
    expect(await outcome(db.ref('users/alice').get())).toBe('denied');
    expect(await outcome(db.ref('properties').get())).toBe('ok');
  });

  it('reads the rules as strict JSON (getRulesJSON) and sets them for its namespace', async () => {
    const db = getDatabase(adminApp());
    const rules = (await db.getRulesJSON()) as { rules: Record<string, unknown> };
    expect(Object.keys(rules.rules)).toContain('users');
    expect(await db.getRules()).toBe(RULES);
  });
});

describe('REST auth_variable_override', () => {
  const get = (path: string, override: string, token = 'owner') =>
    fetch(`${server.url}${path}?auth_variable_override=${encodeURIComponent(override)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });

  it('acts as the given user, or as signed out for null', async () => {
    expect((await get('/users/alice.json', '{"uid":"alice"}')).status).toBe(200);
    expect((await get('/users/bob.json', '{"uid":"alice"}')).status).toBe(401);
    expect((await get('/users.json', '{"uid":"sam"}')).status).toBe(200);
    expect((await get('/users/alice.json', 'null')).status).toBe(401);
    expect((await get('/properties.json', 'null')).status).toBe(200);
  });

  it('refuses malformed JSON, and an override from anyone but the admin', async () => {
    expect((await get('/users.json', '{uid:')).status).toBe(400);
    const userToken = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"bob"}').toString('base64url')}.`;
    expect((await get('/users.json', '{"uid":"sam"}', userToken)).status).toBe(403);
    const anonymous = await fetch(
      `${server.url}/users.json?auth_variable_override=${encodeURIComponent('{"uid":"sam"}')}`,
    );
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toEqual({ error: 'auth_variable_override needs admin credentials' });
  });
});
