/**
 * `npm run db -- [--port 9000] [--host 127.0.0.1] [--data DIR] [--import FILE] [--rules FILE] [--ns NAMESPACE]
 *  [--app-port N]… [--allow-origin ORIGIN]… [--accept-data-loss]`
 * Runs the local realtime database with its data on disk until SIGINT/SIGTERM.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_APP_PORTS, isWebOrigin } from './boundary';
import { FilePersistence } from './persistence/journal';
import { ALLOW_ALL, compileRules, type RuleSet, RulesSyntaxError } from './rules/index';
import { DEFAULT_NAMESPACE, startDatabaseServer, type DatabaseServer } from './server';

const USAGE = `Usage: npm run db -- [options]
  --port N        port to listen on (default 9000; 0 picks a free one)
  --host ADDR     address to listen on (default 127.0.0.1)
  --data DIR      directory holding the data (default .data/database)
  --import FILE   load a JSON export into the namespace, replacing what it held
  --ns NAME       namespace for --import (default ${DEFAULT_NAMESPACE})
  --rules FILE    security rules (default database.rules.json if it exists, else everything allowed)
  --app-port N    one more port the app is served on from this machine (repeatable): web pages may use the
                  database only from the app's ports (${DEFAULT_APP_PORTS.join(', ')} and these)
  --allow-origin ORIGIN
                  one more web origin whose pages may use the database (repeatable), e.g. https://kiosk.example
  --insecure-accept-any-token
                  allow a --host beyond loopback: like the official emulator, this server believes any
                  token (unsigned, expired, another project's), so anyone who reaches it can act as anyone
  --accept-data-loss
                  start even if journals are missing or damaged: keep what is intact before the first problem and
                  set the rest aside as *.damaged files (see docs/local-database-durability.md)
  --help          show this help`;

/** A problem the user can fix; printed without a stack trace, with the usage text when the command line is wrong. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

interface CliOptions {
  host: string;
  port: number;
  data: string;
  importFile?: string;
  namespace: string;
  rulesFile?: string;
  appPorts: number[];
  allowedOrigins: string[];
  acceptDataLoss: boolean;
}

/** Loopback addresses and names: only this machine can reach them. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || bare === '::ffff:127.0.0.1';
}

function parseCommandLine(argv: string[]): CliOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        import: { type: 'string' },
        ns: { type: 'string' },
        rules: { type: 'string' },
        'app-port': { type: 'string', multiple: true },
        'allow-origin': { type: 'string', multiple: true },
        'insecure-accept-any-token': { type: 'boolean' },
        'accept-data-loss': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message, true);
  }
  if (values.help) return 'help';
  const port = Number(values.port ?? '9000');
  if (!/^\d+$/.test(values.port ?? '9000') || port > 65535) {
    throw new UsageError(`--port must be a number from 0 to 65535, not "${values.port}"`, true);
  }
  const appPorts = (values['app-port'] ?? []).map((text) => {
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 65535) {
      throw new UsageError(`--app-port must be a port number from 1 to 65535, not "${text}"`, true);
    }
    return Number(text);
  });
  const allowedOrigins = values['allow-origin'] ?? [];
  const badOrigin = allowedOrigins.find((origin) => !isWebOrigin(origin));
  if (badOrigin !== undefined) {
    throw new UsageError(`--allow-origin must be a web origin such as https://kiosk.example, not "${badOrigin}"`, true);
  }
  if (values.ns !== undefined && !/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(values.ns)) {
    throw new UsageError(`--ns must be letters, digits, "-" and "_", not "${values.ns}"`, true);
  }
  const defaultRules = resolve('database.rules.json');
  const host = values.host ?? '127.0.0.1';
  if (!isLoopback(host) && values['insecure-accept-any-token'] !== true) {
    throw new UsageError(
      `refusing --host ${host}: this database accepts any token (unsigned, expired, another project's), as the ` +
        'official emulator does, so on a network address anyone who reaches it can read and write as any user ' +
        'or as admin. Listen on loopback, or pass --insecure-accept-any-token if every machine that can reach ' +
        `${host} is trusted.`,
    );
  }
  return {
    host,
    port,
    data: resolve(values.data ?? '.data/database'),
    importFile: values.import === undefined ? undefined : resolve(values.import),
    namespace: values.ns ?? DEFAULT_NAMESPACE,
    rulesFile: values.rules ? resolve(values.rules) : existsSync(defaultRules) ? defaultRules : undefined,
    appPorts,
    allowedOrigins,
    acceptDataLoss: values['accept-data-loss'] ?? false,
  };
}

async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${path}: ${(error as Error).message}`);
  }
}

async function loadRules(path: string | undefined): Promise<{ rules: RuleSet; text?: string }> {
  if (path === undefined) return { rules: ALLOW_ALL };
  const text = await readText(path, 'rules file');
  try {
    return { rules: compileRules(text), text };
  } catch (error) {
    const reason = error instanceof RulesSyntaxError ? `Parse error in ${error.message}` : (error as Error).message;
    throw new UsageError(`rules file ${path} is not usable: ${reason}`);
  }
}

async function loadImport(path: string): Promise<unknown> {
  const text = await readText(path, 'import file');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`import file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

function timestamped(line: string): void {
  console.log(`${new Date().toISOString()} ${line}`);
}

async function start(options: CliOptions): Promise<DatabaseServer> {
  const { rules, text } = await loadRules(options.rulesFile);
  const imported = options.importFile === undefined ? undefined : await loadImport(options.importFile);
  const persistence = new FilePersistence({
    dir: options.data,
    log: timestamped,
    acceptDataLoss: options.acceptDataLoss,
  });
  let server: DatabaseServer;
  try {
    server = await startDatabaseServer({
      host: options.host,
      port: options.port,
      rules,
      rulesText: text,
      persistence,
      log: timestamped,
      appPorts: options.appPorts,
      allowedOrigins: options.allowedOrigins,
    });
  } catch (error) {
    await persistence.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new UsageError(`port ${options.port} on ${options.host} is already in use (another database? try --port)`);
    }
    if (code === 'EADDRNOTAVAIL') throw new UsageError(`cannot listen on ${options.host}: no such local address`);
    throw error;
  }
  if (imported !== undefined) {
    await server.set(options.namespace, '/', imported);
    timestamped(`imported ${options.importFile} into namespace ${options.namespace}`);
  }
  return server;
}

/**
 * Exits once what was logged has reached the pipe: writes to a pipe are asynchronous, and exiting at once dropped the
 * last lines ("database stopped") when the machine was busy. Write callbacks run in order, so the empty write's comes
 * after every line before it.
 */
function exitOnceWritten(code: number): void {
  process.stderr.write('', () => process.stdout.write('', () => process.exit(code)));
}

function stopOnSignals(server: DatabaseServer): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      timestamped(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    timestamped(`${signal}: closing connections and flushing data`);
    server.close().then(
      () => {
        timestamped('database stopped');
        exitOnceWritten(0);
      },
      (error: unknown) => {
        console.error(`db: error while stopping: ${(error as Error).message}`);
        exitOnceWritten(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  const options = parseCommandLine(process.argv.slice(2));
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const server = await start(options);
  stopOnSignals(server);
  if (!isLoopback(options.host)) {
    timestamped(`WARNING: listening on ${options.host} and accepting any token: anyone who reaches it is admin`);
  }
  const rules = options.rulesFile ?? 'none (everything allowed)';
  timestamped(`database listening on ${server.url} (data ${options.data}, rules ${rules})`);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`db: ${error.message}`);
    if (error.showUsage) console.error(USAGE);
    process.exit(2);
  }
  // PersistenceError messages already say which file is damaged and what to do.
  console.error(`db: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
