import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, type Database, getDatabase, goOffline } from 'firebase/database';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const NAMESPACE = 'demo-storefront-default-rtdb';

export interface RunningProcess {
  readonly child: ChildProcess;
  /** Every line printed so far, stdout and stderr interleaved as they arrived. */
  readonly lines: string[];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first line (already printed or still to come) matching `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends `signal` (if still running) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs a TypeScript entry point of this repository with tsx, as `npm run` would. */
export function runTs(script: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts);
      for (const listener of listeners) listener();
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      // Let the last output arrive before anyone reads `lines`.
      setImmediate(() => {
        resolve({ code, signal });
        for (const listener of listeners) listener();
      });
    });
  });
  let done = false;
  void exited.then(() => (done = true));

  const waitForLine = (pattern: RegExp, timeoutMs = 20_000): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const found = lines.find((line) => pattern.test(line));
        if (found !== undefined || done) {
          listeners.delete(check);
          clearTimeout(timer);
          if (found !== undefined) resolve(found);
          else reject(new Error(`${script} exited without printing ${pattern}:\n${lines.join('\n')}`));
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`${script} did not print ${pattern} within ${timeoutMs} ms:\n${lines.join('\n')}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  return {
    child,
    lines,
    exited,
    waitForLine,
    stop: (signal = 'SIGTERM') => {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}

/** The port from the CLI's "database listening on http://HOST:PORT" line. */
export async function listeningPort(db: RunningProcess): Promise<number> {
  const line = await db.waitForLine(/database listening on http:\/\/[^:]+:\d+/);
  return Number(/:(\d+) /.exec(line)?.[1]);
}

let apps = 0;

/** An unmodified firebase SDK database client for the server on `port`; call `close` when done. */
export function sdkDatabase(port: number): { db: Database; close(): Promise<void> } {
  const app = initializeApp(
    { projectId: 'demo-storefront', databaseURL: `https://${NAMESPACE}.firebaseio.com` },
    `cli-test-${++apps}`,
  );
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', port);
  return {
    db,
    close: async () => {
      goOffline(db);
      await deleteApp(app);
    },
  };
}
