import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** The most recent lines of output, for error messages. */
  tail(): string;
  /** Resolves with the first output line matching `pattern`; rejects if the process exits first or time runs out. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** Rejects (with the output tail) once the process exits, if `stop` was not called. */
  readonly unexpectedExit: Promise<never>;
  /** SIGTERM to the whole process group, SIGKILL if it lingers. */
  stop(): Promise<void>;
  /** Synchronous last resort for process 'exit' handlers. */
  kill(): void;
}

const TAIL_LINES = 40;
const STOP_GRACE_MS = 10_000;

/**
 * Starts a child in its own process group, so that stopping it also stops whatever it started (npx, workers),
 * and a terminal's Ctrl-C reaches only us: we stop the children in order. Output goes to `onLine` and/or a file.
 */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; logFile?: string; onLine?: (line: string) => void },
): ManagedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  const recent: string[] = [];
  const watchers = new Set<(line: string) => void>();
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      log?.write(chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        recent.push(line);
        if (recent.length > TAIL_LINES) recent.shift();
        options.onLine?.(line);
        for (const watcher of watchers) watcher(line);
      }
    });
  }
  let stopping = false;
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exitCode = code ?? (signal ? 128 : null);
      log?.end();
      resolve();
    });
    child.on('error', (error) => {
      recent.push(`could not start ${command}: ${error.message}`);
      exitCode = -1;
      resolve();
    });
  });
  const tail = (): string => recent.map((line) => `  ${name} | ${line}`).join('\n');
  const unexpectedExit = exited.then(() => {
    if (stopping) return new Promise<never>(() => {});
    throw new Error(`${name} exited (code ${String(exitCode)}):\n${tail()}`);
  });
  unexpectedExit.catch(() => {}); // observed by whoever awaits it; never an unhandled rejection

  const signalGroup = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined || exitCode !== undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };

  return {
    name,
    child,
    tail,
    unexpectedExit,
    waitForLine: (pattern, timeoutMs) =>
      new Promise<string>((resolve, reject) => {
        const found = recent.find((line) => pattern.test(line));
        if (found !== undefined) return resolve(found);
        const timer = setTimeout(() => {
          watchers.delete(watch);
          reject(new Error(`${name} did not get ready within ${timeoutMs / 1000} s:\n${tail()}`));
        }, timeoutMs);
        const watch = (line: string): void => {
          if (!pattern.test(line)) return;
          watchers.delete(watch);
          clearTimeout(timer);
          resolve(line);
        };
        watchers.add(watch);
        unexpectedExit.catch((error: unknown) => {
          watchers.delete(watch);
          clearTimeout(timer);
          reject(error as Error);
        });
      }),
    stop: async () => {
      stopping = true;
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
      // Grandchildren that ignored SIGTERM while their parent exited still share the group.
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is empty: nothing left behind.
        }
      }
    },
    kill: () => {
      stopping = true;
      signalGroup('SIGKILL');
    },
  };
}

/** Whether something can listen on host:port right now. */
export function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** Polls `url` until it answers 2xx; rejects after `timeoutMs` or when `abort` rejects. */
export async function waitForHttp(url: string, timeoutMs: number, abort: Promise<never>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let failed: Error | undefined;
  abort.catch((error: unknown) => (failed = error as Error));
  for (;;) {
    if (failed) throw failed;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const WATCHDOG = fileURLToPath(new URL('./watchdog.ts', import.meta.url));

/**
 * A watchdog process (scripts/stack/watchdog.ts) that stops the process groups it is told about if this process
 * ends without stopping them: they are detached (see startProcess), so nothing else would.
 */
export class Watchdog {
  private constructor(private readonly input: Socket) {}

  static start(cwd: string): Watchdog {
    const child = spawn(process.execPath, ['--import', 'tsx', WATCHDOG], {
      cwd,
      stdio: ['pipe', 'ignore', 'inherit'],
      detached: true,
    });
    // Neither the watchdog nor the pipe to it may keep this process alive.
    child.unref();
    const input = child.stdin as Socket;
    input.unref();
    input.on('error', () => {}); // a watchdog that died cannot be told anything more
    return new Watchdog(input);
  }

  watch(part: ManagedProcess): void {
    if (part.child.pid !== undefined) this.input.write(`+${part.child.pid}\n`);
  }

  forget(part: ManagedProcess): void {
    if (part.child.pid !== undefined) this.input.write(`-${part.child.pid}\n`);
  }
}
