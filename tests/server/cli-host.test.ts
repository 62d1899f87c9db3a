/** The database accepts any token (as the official emulator does), so it listens beyond loopback only when told. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listeningPort, type RunningProcess, runTs } from './cli-support';

let dir: string;
const running: RunningProcess[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-host-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((process) => process.stop('SIGKILL')));
  await rm(dir, { recursive: true, force: true });
});

function db(...args: string[]): RunningProcess {
  const started = runTs('server/cli.ts', ['--port', '0', '--data', join(dir, 'data'), ...args]);
  running.push(started);
  return started;
}

describe('npm run db --host', () => {
  it('refuses an address beyond loopback and says why', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
      const refused = db('--host', host);
      expect((await refused.exited).code).toBe(2);
      const output = refused.lines.join('\n');
      expect(output).toMatch(/accepts any token/i);
      expect(output).toMatch(/--insecure-accept-any-token/);
    }
  });

  it('listens beyond loopback with --insecure-accept-any-token, and warns', async () => {
    const started = db('--host', '0.0.0.0', '--insecure-accept-any-token');
    const port = await listeningPort(started);
    expect(port).toBeGreaterThan(0);
    expect(started.lines.join('\n')).toMatch(/WARNING.*any token/i);
    expect((await fetch(`http://127.0.0.1:${port}/.json`)).status).not.toBe(500);
  });

  it('listens on loopback names without the flag', async () => {
    for (const host of ['localhost', '127.0.0.2']) {
      const started = db('--host', host);
      expect(await listeningPort(started)).toBeGreaterThan(0);
      await started.stop('SIGTERM');
    }
  });
});

describe('npm run db: which web pages may use it', () => {
  it("lets in the app's default ports and those given with --app-port and --allow-origin, and logs a refusal", async () => {
    const started = db('--app-port', '4283', '--allow-origin', 'https://kiosk.example');
    const port = await listeningPort(started);
    const from = (origin: string) => fetch(`http://127.0.0.1:${port}/properties.json`, { headers: { Origin: origin } });
    for (const origin of ['http://localhost:4173', 'http://localhost:4283', 'https://kiosk.example']) {
      const answer = await from(origin);
      expect(answer.status, origin).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    }
    expect((await from('http://evil.example')).status).toBe(403);
    await started.waitForLine(/refused a request: Origin "http:\/\/evil.example" may not use this database/);
  });

  it('refuses a malformed --app-port or --allow-origin with the usage text', async () => {
    for (const args of [
      ['--app-port', 'http'],
      ['--app-port', '70000'],
      ['--allow-origin', 'kiosk.example'],
      ['--allow-origin', 'https://kiosk.example/path'],
    ]) {
      const refused = db(...args);
      expect((await refused.exited).code, args.join(' ')).toBe(2);
      expect(refused.lines.join('\n')).toMatch(new RegExp(`${args[0]} must be`));
      expect(refused.lines.join('\n')).toMatch(/Usage: npm run db/);
    }
  });
});
