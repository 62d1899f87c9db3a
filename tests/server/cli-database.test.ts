import { createServer } from 'node:net';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get, ref, set } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listeningPort, NAMESPACE, type RunningProcess, runTs, sdkDatabase } from './cli-support';

const CLI = 'server/cli.ts';
const OPEN_RULES = '{ "rules": { ".read": true, ".write": true } }';

let dir: string;
const running: RunningProcess[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-database-'));
  await writeFile(join(dir, 'open.rules.json'), OPEN_RULES);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((process) => process.stop('SIGKILL')));
  await rm(dir, { recursive: true, force: true });
});

function db(...args: string[]): RunningProcess {
  const started = runTs(CLI, args);
  running.push(started);
  return started;
}

function openDb(...extra: string[]): RunningProcess {
  return db('--port', '0', '--data', join(dir, 'data'), '--rules', join(dir, 'open.rules.json'), ...extra);
}

describe('npm run db', () => {
  it('imports a file, serves the SDK, logs connections and keeps data across a SIGTERM restart', async () => {
    const exported = join(dir, 'export.json');
    await writeFile(
      exported,
      JSON.stringify({ properties: { name: 'Imported shop' }, products: { p1: { price: 5 } } }),
    );
    const first = openDb('--import', exported);
    const port = await listeningPort(first);
    expect(first.lines.join('\n')).toMatch(/imported .*export\.json into namespace demo-storefront-default-rtdb/);

    const client = sdkDatabase(port);
    expect((await get(ref(client.db, 'properties/name'))).val()).toBe('Imported shop');
    await set(ref(client.db, 'products/p2'), { price: 7 });
    await first.waitForLine(/connection .*opened/);
    await client.close();

    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(first.lines.join('\n')).toMatch(/SIGTERM: closing connections and flushing data[\s\S]*database stopped/);

    // Restarted without --import: the acknowledged SDK write and the import are both still there.
    const second = openDb();
    const again = sdkDatabase(await listeningPort(second));
    expect((await get(ref(again.db, 'products'))).val()).toEqual({ p1: { price: 5 }, p2: { price: 7 } });
    await again.close();
    expect(await second.stop('SIGINT')).toEqual({ code: 0, signal: null });
  });

  it('imports into the namespace given with --ns and enforces the rules file', async () => {
    const exported = join(dir, 'export.json');
    await writeFile(exported, JSON.stringify({ secret: 1 }));
    await writeFile(join(dir, 'closed.rules.json'), '{ "rules": { ".read": false, ".write": false } }');
    const server = db(
      '--port',
      '0',
      '--data',
      join(dir, 'data'),
      '--rules',
      join(dir, 'closed.rules.json'),
      '--import',
      exported,
      '--ns',
      'other-ns',
    );
    const port = await listeningPort(server);
    const base = `http://127.0.0.1:${port}/secret.json`;
    expect(await (await fetch(`${base}?ns=other-ns`)).json()).toEqual({ error: 'Permission denied' });
    const owner = { headers: { Authorization: 'Bearer owner' } };
    expect(await (await fetch(`${base}?ns=other-ns`, owner)).json()).toBe(1);
    expect(await (await fetch(`${base}?ns=${NAMESPACE}`, owner)).json()).toBeNull();
  });

  it('rejects bad arguments with the usage text', async () => {
    const unknown = db('--prot', '9000');
    expect((await unknown.exited).code).toBe(2);
    expect(unknown.lines.join('\n')).toMatch(/db: Unknown option '--prot'[\s\S]*Usage: npm run db/);

    const badPort = db('--port', 'ninety');
    expect((await badPort.exited).code).toBe(2);
    expect(badPort.lines.join('\n')).toContain('--port must be a number from 0 to 65535, not "ninety"');
  });

  it('names unreadable or invalid rules and import files', async () => {
    const missing = join(dir, 'missing.rules.json');
    const noRules = db('--port', '0', '--data', join(dir, 'data'), '--rules', missing);
    expect((await noRules.exited).code).toBe(2);
    expect(noRules.lines.join('\n')).toContain(`db: cannot read rules file ${missing}: ENOENT`);

    const badRules = join(dir, 'bad.rules.json');
    await writeFile(badRules, '{ "rules": { ".read": "auth != null &&" } }');
    const invalid = db('--port', '0', '--data', join(dir, 'data'), '--rules', badRules);
    expect((await invalid.exited).code).toBe(2);
    expect(invalid.lines.join('\n')).toMatch(new RegExp(`db: rules file ${badRules} is not usable: .+`));

    const badImport = join(dir, 'bad.json');
    await writeFile(badImport, '{ "products": ');
    const notJson = openDb('--import', badImport);
    expect((await notJson.exited).code).toBe(2);
    expect(notJson.lines.join('\n')).toContain(`db: import file ${badImport} is not valid JSON`);
  });

  it('says so when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const clash = db('--port', String(port), '--data', join(dir, 'data'));
      expect((await clash.exited).code).toBe(2);
      expect(clash.lines.join('\n')).toContain(`db: port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('refuses a damaged journal, naming the file and offset', async () => {
    const first = openDb();
    const port = await listeningPort(first);
    const owner = { headers: { Authorization: 'Bearer owner' } };
    for (const value of ['one', 'two', 'three']) {
      await fetch(`http://127.0.0.1:${port}/items/${value}.json?ns=${NAMESPACE}`, {
        method: 'PUT',
        body: JSON.stringify(value),
        ...owner,
      });
    }
    await first.stop('SIGTERM');
    const journals = (await readdir(join(dir, 'data'))).filter((name) => name.startsWith('journal'));
    expect(journals).toHaveLength(1);
    const journal = join(dir, 'data', journals[0] as string);
    const bytes = await readFile(journal);
    const at = bytes.indexOf('"one"') + 1;
    bytes.writeUInt8(bytes.readUInt8(at) ^ 0x20, at);
    await writeFile(journal, bytes);

    const second = openDb();
    expect((await second.exited).code).toBe(1);
    expect(second.lines.join('\n')).toMatch(new RegExp(`db: journal ${journal} is damaged at offset \\d+: checksum`));
    expect(second.lines.join('\n')).toContain('--accept-data-loss');

    // The operator accepts the loss: the server starts with what came before the damage and says what it set aside.
    const third = openDb('--accept-data-loss');
    const thirdPort = await listeningPort(third);
    expect(third.lines.join('\n')).toMatch(/starting anyway \(--accept-data-loss\)/);
    const items = await fetch(`http://127.0.0.1:${thirdPort}/items.json?ns=${NAMESPACE}`, owner);
    expect(await items.json()).toBeNull();
    expect(await readdir(join(dir, 'data'))).toContain(`${journals[0]}.damaged`);
  });

  it('refuses a newest journal emptied after a clean stop or a kill, naming the file (issue 22)', async () => {
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const data = join(dir, `emptied-after-${signal}`);
      const first = db('--port', '0', '--data', data, '--rules', join(dir, 'open.rules.json'));
      const port = await listeningPort(first);
      for (let i = 0; i < 50; i++) {
        const put = await fetch(`http://127.0.0.1:${port}/keys/k${i}.json?ns=${NAMESPACE}`, {
          method: 'PUT',
          body: String(i),
        });
        expect(put.status).toBe(200);
      }
      await first.stop(signal);
      const journals = (await readdir(data)).filter((name) => /^journal-\d+\.log$/.test(name)).sort();
      const newest = join(data, journals.at(-1) as string);
      await truncate(newest, 0);

      const second = db('--port', '0', '--data', data, '--rules', join(dir, 'open.rules.json'));
      const started = listeningPort(second).then(() => 'started with the writes lost');
      expect(await Promise.race([second.exited.then(({ code }) => code), started])).toBe(1);
      const output = second.lines.join('\n');
      expect(output).toContain(`db: journal ${newest} `);
      expect(output).toMatch(/up to (at least )?record \d+/);
      expect(output).toContain('--accept-data-loss');
    }
  });
});
