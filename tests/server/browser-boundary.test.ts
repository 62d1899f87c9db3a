/**
 * The local database's boundary against web pages (docs/security.md, "The local database and web pages"): a page
 * the user merely visits must not drive the database through the browser, neither by cross-site requests nor by
 * DNS rebinding, over REST, REST streaming or WebSockets. The app's own pages and every non-browser client keep
 * working. Real server, real HTTP and WebSockets, the project's rules and seed.
 */
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Boundary } from '../../server/boundary';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { NAMESPACE, startTestServer } from './support/protocol-harness';
import { emulatorIdToken } from './support/raw-client';

const RULES = readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8');
const SEED = JSON.parse(readFileSync(new URL('../../seed/database.json', import.meta.url), 'utf8')) as {
  properties: { tagline: string };
};
const TAGLINE = SEED.properties.tagline;
const OWNER = { Authorization: 'Bearer owner' };

let server: DatabaseServer;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request with exactly these headers (Host and Origin included, which fetch would not let us set); a Host
 * of '' sends none.
 */
function call(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { Host: host, ...others } = headers;
  const sent = { Connection: 'close', ...others, ...(host ? { Host: host } : {}) };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: server.port, method, path, headers: sent, setHost: host !== '' },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        // A stream never ends by itself: its first event is enough.
        response.on('data', (chunk: string) => {
          text += chunk;
          if (response.headers['content-type'] === 'text/event-stream') response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text });
        response.on('end', done);
        response.on('close', done);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A WebSocket to /.ws as a browser on `origin` (none: a Node client) would open it; resolves how it went. */
function openSocket(options: { origin?: string; host?: string } = {}): Promise<{ status: number; ws?: WebSocket }> {
  const url = `ws://127.0.0.1:${server.port}/.ws?v=5&ns=${NAMESPACE}`;
  const ws = new WebSocket(url, {
    ...(options.origin !== undefined && { origin: options.origin }),
    ...(options.host !== undefined && { headers: { Host: options.host } }),
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ status: 101, ws }));
    ws.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

/** Sends the wire protocol's `auth` request on an open socket and resolves its status. */
function authenticate(ws: WebSocket, credential: string): Promise<string> {
  return new Promise((resolve) => {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { t: string; d: { r?: number; b?: { s?: string } } };
      if (message.t === 'd' && message.d.r === 1) resolve(message.d.b?.s ?? '');
    });
    ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'auth', b: { cred: credential } } }));
  });
}

/** The preflight a page on `origin` sends before a DELETE with the admin header, from a public address. */
function preflight(origin: string): Promise<Answer> {
  return call('OPTIONS', `/properties/tagline.json?ns=${NAMESPACE}`, {
    Origin: origin,
    'Access-Control-Request-Method': 'DELETE',
    'Access-Control-Request-Headers': 'authorization, x-http-method-override',
    'Access-Control-Request-Private-Network': 'true',
  });
}

async function tagline(): Promise<unknown> {
  return JSON.parse((await call('GET', `/properties/tagline.json?ns=${NAMESPACE}`, OWNER)).body);
}

beforeAll(async () => {
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
});
beforeEach(async () => {
  await server.set(NAMESPACE, '/', SEED);
});
afterAll(async () => {
  await server.close();
});

describe('the attacks reported in issue 22', () => {
  const EVIL = 'http://evil.example';

  it('a cross-site simple POST with ?auth=owner and a method override in the URL changes nothing', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const attack = await call(
        'POST',
        `/properties/tagline.json?ns=${NAMESPACE}&auth=owner&x-http-method-override=${method}`,
        { Origin: EVIL, 'Content-Type': 'text/plain' },
        '"pwned"',
      );
      expect(attack.status).toBe(403);
      expect(await tagline()).toBe(TAGLINE);
    }
  });

  it('a foreign page reading the whole database with ?auth=owner gets nothing', async () => {
    const attack = await call('GET', `/.json?ns=${NAMESPACE}&auth=owner`, { Origin: EVIL });
    expect(attack.status).toBe(403);
    expect(attack.body).not.toContain(TAGLINE);
    expect(attack.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a request for a rebinding host name is not served', async () => {
    for (const host of ['rebind.evil.example', `rebind.evil.example:${server.port}`]) {
      const attack = await call('GET', `/properties.json?ns=${NAMESPACE}`, { Host: host, ...OWNER });
      expect(attack.status).toBe(403);
      expect(attack.body).not.toContain(TAGLINE);
    }
  });

  it('a foreign page cannot open a WebSocket and send the admin credential', async () => {
    const attack = await openSocket({ origin: EVIL });
    expect(attack.status).toBe(403);
  });
});

describe('the admin credential is accepted only in the Authorization header', () => {
  it('refuses "owner" in the URL, with or without an Origin, and changes nothing', async () => {
    for (const parameter of ['auth', 'access_token']) {
      const read = await call('GET', `/.json?ns=${NAMESPACE}&${parameter}=owner`);
      expect(read.status).toBe(401);
      expect(JSON.parse(read.body)).toEqual({ error: expect.stringMatching(/Authorization header/) as string });
      const write = await call('PUT', `/properties/tagline.json?ns=${NAMESPACE}&${parameter}=owner`, {}, '"x"');
      expect(write.status).toBe(401);
    }
    expect(await tagline()).toBe(TAGLINE);
    expect((await call('PUT', `/properties/tagline.json?ns=${NAMESPACE}`, OWNER, '"new"')).status).toBe(200);
    expect(await tagline()).toBe('new');
  });

  it('speaks for a user (auth_variable_override) only with the credential in the header', async () => {
    const override = encodeURIComponent(JSON.stringify({ uid: 'ann' }));
    const inUrl = await call('GET', `/properties.json?ns=${NAMESPACE}&auth=owner&auth_variable_override=${override}`);
    expect(inUrl.status).toBe(401);
    const inHeader = await call('GET', `/properties.json?ns=${NAMESPACE}&auth_variable_override=${override}`, OWNER);
    expect(inHeader.status).toBe(200);
  });

  it('still accepts ID tokens in ?auth= (REST clients of signed-in users)', async () => {
    await server.set(NAMESPACE, '/users/ann', { firstname: 'Ann', lastname: 'A', email: 'ann@example.com' });
    const own = await call('GET', `/users/ann.json?ns=${NAMESPACE}&auth=${emulatorIdToken('ann')}`);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body)).toMatchObject({ firstname: 'Ann' });
    expect((await call('GET', `/users/ann.json?ns=${NAMESPACE}&auth=${emulatorIdToken('bob')}`)).status).toBe(401);
  });
});

describe('the method override is read only from its header', () => {
  it('refuses x-http-method-override in the URL, and writes nothing', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const answer = await call(
        'POST',
        `/properties/tagline.json?ns=${NAMESPACE}&x-http-method-override=${method}`,
        OWNER,
        '"changed"',
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatch(/X-HTTP-Method-Override header/);
    }
    expect(await tagline()).toBe(TAGLINE);
  });

  it('honours the header', async () => {
    const headers = { ...OWNER, 'X-HTTP-Method-Override': 'PUT' };
    expect((await call('POST', `/properties/tagline.json?ns=${NAMESPACE}`, headers, '"put"')).status).toBe(200);
    expect(await tagline()).toBe('put');
  });
});

/** Origins no page of the app has: other sites, look-alikes, other ports and schemes, sandboxed pages. */
const FOREIGN_ORIGINS = [
  'http://evil.example',
  'null',
  'http://localhost:4174',
  'https://localhost:4173',
  'http://localhost.evil.example:4173',
  'http://127.0.0.1.nip.io:4173',
  'http://evil.example:4173',
  'http://192.0.2.11:4173',
  'http://localhost:4173/',
];

describe('a request from a foreign origin is refused on every route', () => {
  it.each(FOREIGN_ORIGINS)('%s: REST reads and writes, as admin or not', async (origin) => {
    const path = `/properties/tagline.json?ns=${NAMESPACE}`;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', '"x"'],
      ['POST', '"x"'],
      ['PATCH', '{"tagline":"x"}'],
      ['DELETE', undefined],
    ] as const) {
      const target = method === 'PATCH' ? `/properties.json?ns=${NAMESPACE}` : path;
      const answer = await call(method, target, { Origin: origin, ...OWNER }, body);
      expect(answer.status, `${method} from ${origin}`).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    const rules = await call('GET', '/.settings/rules.json', { Origin: origin, ...OWNER });
    expect(rules.status).toBe(403);
    expect(await tagline()).toBe(TAGLINE);
  });

  it.each(FOREIGN_ORIGINS)('%s: preflights (Private Network Access included) are not granted', async (origin) => {
    const answer = await preflight(origin);
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-private-network']).toBeUndefined();
  });

  it.each(FOREIGN_ORIGINS)('%s: REST streaming (EventSource) and WebSockets', async (origin) => {
    const stream = await call('GET', `/properties.json?ns=${NAMESPACE}`, {
      Origin: origin,
      Accept: 'text/event-stream',
    });
    expect(stream.status).toBe(403);
    expect(stream.body).not.toContain(TAGLINE);
    expect((await openSocket({ origin })).status).toBe(403);
  });
});

/** Where the app's pages are served on this machine: vite preview, the Hosting emulator, vite dev. */
const APP_ORIGINS = [
  'http://localhost:4173',
  'http://127.0.0.1:4173',
  'http://localhost:5173',
  'http://127.0.0.1:5000',
  'http://[::1]:5173',
  'http://shop.localhost:4173',
];

describe("the app's own pages use the database as before", () => {
  it.each(APP_ORIGINS)('%s: REST answers carry CORS headers for that origin', async (origin) => {
    const answer = await call('GET', `/properties/tagline.json?ns=${NAMESPACE}`, { Origin: origin });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toBe(TAGLINE);
    expect(answer.headers['access-control-allow-origin']).toBe(origin);
    expect(answer.headers.vary).toMatch(/Origin/);
    expect(answer.headers['access-control-expose-headers']).toMatch(/ETag/);
  });

  it.each(APP_ORIGINS)('%s: preflights are granted, Private Network Access when asked', async (origin) => {
    const answer = await preflight(origin);
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(origin);
    expect(answer.headers['access-control-allow-methods']).toMatch(/DELETE/);
    expect(answer.headers['access-control-allow-headers']).toMatch(/Authorization.*X-HTTP-Method-Override/);
    expect(answer.headers['access-control-allow-private-network']).toBe('true');
  });

  it.each(APP_ORIGINS)('%s: REST streaming and WebSockets, signed in with an ID token', async (origin) => {
    const stream = await call('GET', `/properties.json?ns=${NAMESPACE}`, {
      Origin: origin,
      Accept: 'text/event-stream',
    });
    expect(stream.status).toBe(200);
    expect(stream.headers['access-control-allow-origin']).toBe(origin);
    const { status, ws } = await openSocket({ origin });
    expect(status).toBe(101);
    expect(await authenticate(ws as WebSocket, emulatorIdToken('ann'))).toBe('ok');
    ws?.close();
  });

  it('answers clients without an Origin (Node SDKs, curl) without CORS headers', async () => {
    const answer = await call('GET', `/properties/tagline.json?ns=${NAMESPACE}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const { status, ws } = await openSocket();
    expect(status).toBe(101);
    expect(await authenticate(ws as WebSocket, 'owner')).toBe('ok');
    ws?.close();
  });

  it("accepts the server's own origin, which some non-browser WebSocket clients send", async () => {
    const own = `http://127.0.0.1:${server.port}`;
    const { status, ws } = await openSocket({ origin: own });
    expect(status).toBe(101);
    ws?.close();
    expect((await call('GET', `/properties.json?ns=${NAMESPACE}`, { Origin: own })).status).toBe(200);
  });

  it('serves the app from the address the database is reached by (a phone on the same network)', async () => {
    const lan = { Host: '192.0.2.10:9000' };
    const same = await call('GET', `/properties.json?ns=${NAMESPACE}`, { ...lan, Origin: 'http://192.0.2.10:4173' });
    expect(same.status).toBe(200);
    const other = await call('GET', `/properties.json?ns=${NAMESPACE}`, { ...lan, Origin: 'http://192.0.2.11:4173' });
    expect(other.status).toBe(403);
  });

  it('allows more app ports and origins when configured, besides the defaults', async () => {
    const configured = await startTestServer({ appPorts: [4283], allowedOrigins: ['https://Kiosk.example:8443'] });
    try {
      const origins = ['http://localhost:4283', 'https://kiosk.example:8443', 'http://localhost:4173'];
      for (const origin of origins) {
        const answer = await fetch(`${configured.url}/.json`, { headers: { Origin: origin } });
        expect(answer.status, origin).toBe(200);
        expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      }
      expect((await fetch(`${configured.url}/.json`, { headers: { Origin: 'http://localhost:4284' } })).status).toBe(
        403,
      );
    } finally {
      await configured.close();
    }
  });
});

describe('only names of this machine are served (DNS rebinding)', () => {
  it('serves loopback names, <ns>.localhost, IP addresses, any case, with or without a port', async () => {
    const port = server.port;
    const hosts = [
      `127.0.0.1:${port}`,
      '127.0.0.1',
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `[::1]:${port}`,
      `[::1]`,
      `${NAMESPACE}.localhost:${port}`,
      `Shop.LocalHost:${port}`,
      '192.0.2.10:9000',
    ];
    for (const host of hosts) {
      const answer = await call('GET', `/properties/tagline.json?ns=${NAMESPACE}`, { Host: host });
      expect(answer.status, host).toBe(200);
    }
    expect((await openSocket({ host: `localhost:${port}` })).status).toBe(101);
  });

  it('refuses any other name, a malformed Host and none at all, over HTTP and WebSockets', async () => {
    const port = server.port;
    const names = [
      'rebind.evil.example',
      `localhost.evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      `evil.example:4173`,
      'localhost.',
      'LOCALHOST.EVIL.EXAMPLE',
    ];
    for (const host of names) {
      const answer = await call('GET', `/properties/tagline.json?ns=${NAMESPACE}`, { Host: host, ...OWNER });
      expect(answer.status, host).toBe(403);
      expect(answer.body).toMatch(/not a name of this database/);
      expect((await openSocket({ host })).status, host).toBe(403);
    }
    for (const host of ['[::1', 'a b', `localhost:${port}:1`, '']) {
      const answer = await call('GET', `/properties/tagline.json?ns=${NAMESPACE}`, { Host: host, ...OWNER });
      expect(answer.status, host).toBe(400);
      expect(answer.body).not.toContain(TAGLINE);
    }
  });
});

describe('the boundary on its own', () => {
  it("serves the --host the server listens on by its name, and that name's app pages", () => {
    const named = new Boundary({ host: 'Kiosk.lan', log: () => {} });
    expect(named.admit({ host: 'kiosk.lan:9000' })).toEqual({ refused: false, origin: null });
    const page = { host: 'kiosk.lan:9000', origin: 'http://kiosk.lan:4173' };
    expect(named.admit(page)).toEqual({ refused: false, origin: 'http://kiosk.lan:4173' });
    expect(new Boundary({ host: '127.0.0.1', log: () => {} }).admit({ host: 'kiosk.lan:9000' })).toMatchObject({
      refused: true,
      status: 403,
    });
  });

  it('logs each refused host or origin once, and at most a hundred of them', () => {
    const lines: string[] = [];
    const boundary = new Boundary({ host: '127.0.0.1', log: (line) => lines.push(line) });
    for (let i = 0; i < 1000; i++) {
      boundary.admit({ host: '127.0.0.1:9000', origin: `http://evil-${i}.example` });
      boundary.admit({ host: '127.0.0.1:9000', origin: 'http://evil-0.example' });
    }
    expect(lines).toHaveLength(100);
    expect(new Set(lines).size).toBe(100);
  });
});
