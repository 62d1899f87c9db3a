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

/** One HTTP request with exactly these headers (Host and Origin included, which fetch would not let us set). */
function call(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: server.port, method, path, headers: { Connection: 'close', ...headers } },
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
