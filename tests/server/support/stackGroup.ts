/**
 * A local stack script (`npm start`'s scripts/start.ts, `npm run start:firebase`'s scripts/start-firebase.ts) run
 * as a terminal or a process manager runs it: a shell running its command line (`node --import tsx`, as package.json
 * has it), all in a new process group that the test signals as a whole. While it runs, the test can list
 * every process it started (its descendants: the parts run in process groups of their own) and every TCP port they
 * listen on, so that it can check afterwards that nothing is left behind. Linux only: it reads /proc.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const READY_LINE = 'Press Ctrl-C to stop';

export interface StackInGroup {
  /** The shell's, which leads the process group. */
  readonly pid: number;
  readonly lines: string[];
  readonly exited: Promise<void>;
  /** Waits until the stack says it is running. */
  ready(timeoutMs: number): Promise<void>;
  /** Sends `signal` to the whole process group, as a terminal's Ctrl-C (SIGINT) or a process manager does. */
  signalGroup(signal: NodeJS.Signals): void;
  /** The processes started under the shell so far, the shell itself excluded. */
  descendants(): number[];
}

export function startStackInGroup(script: string, args: readonly string[]): StackInGroup {
  const quoted = args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  // `true &&` keeps the shell from replacing itself with node, as `npm run` leaves it.
  const child = spawn('sh', ['-c', `true && "${process.execPath}" --import tsx ${script} ${quoted}`], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
  }
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const shell = child.pid as number;
  return {
    pid: shell,
    lines,
    exited,
    ready: async (timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (!lines.some((line) => line.includes(READY_LINE))) {
        if (Date.now() > deadline) throw new Error(`the stack did not start:\n${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    signalGroup: (signal) => process.kill(-shell, signal),
    descendants: () => descendantsOf(shell),
  };
}

/** The parent of every running process (zombies, already dead, left out). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (command) state ppid ...": the command may hold spaces and parentheses, the last ")" ends it.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') parentOf.set(Number(entry), Number(ppid));
    } catch {
      // Gone while we looked.
    }
  }
  return parentOf;
}

function descendantsOf(root: number): number[] {
  const parentOf = parents();
  const found = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parentOf) {
      if (found.has(ppid) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  found.delete(root);
  return [...found];
}

/** Which of `pids` are still running (zombies count as gone: they hold no port and run nothing). */
function stillRunning(pids: readonly number[]): number[] {
  const running = parents();
  return pids.filter((pid) => running.has(pid));
}

/** The TCP ports that the processes `pids` listen on (read from their open sockets), or anything on the machine. */
function listeningPorts(pids?: readonly number[]): number[] {
  const inodes = new Set<string>();
  for (const pid of pids ?? []) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const inode = /^socket:\[(\d+)\]$/.exec(safeReadlink(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode) inodes.add(inode);
      }
    } catch {
      // Gone while we looked.
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const row of readFileSync(table, 'utf8').split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
      const fields = row.trim().split(/\s+/);
      const [, local, , state] = fields;
      const owned = pids === undefined || inodes.has(fields[9] ?? '');
      if (state === '0A' && owned) ports.add(parseInt(local?.split(':')[1] ?? '', 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

function safeReadlink(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
}

/**
 * Starts the stack, waits until it runs, signals its group with `signal` and reports what outlived it: processes
 * it started still running after `graceMs`, and ports they listened on that something still listens on (on any
 * address: probing one address would miss a listener on another). Survivors are then killed.
 */
export async function stopsAsAWhole(
  script: string,
  args: readonly string[],
  signal: NodeJS.Signals,
  options: { startMs: number; graceMs: number; whileRunning?: () => Promise<void> },
): Promise<{ ports: number[]; survivors: number[]; busy: number[]; output: string }> {
  const stack = startStackInGroup(script, args);
  try {
    await stack.ready(options.startMs);
    await options.whileRunning?.();
  } catch (error) {
    stopAll([stack.pid, ...stack.descendants()]);
    throw new Error(`${(error as Error).message}\nThe stack said:\n${stack.lines.join('\n')}`, { cause: error });
  }
  const processes = stack.descendants();
  const ports = listeningPorts(processes);
  stack.signalGroup(signal);
  await stack.exited;
  const deadline = Date.now() + options.graceMs;
  const leftOver = () => ({
    survivors: stillRunning(processes),
    busy: ports.filter((port) => listeningPorts().includes(port)),
  });
  let left = leftOver();
  while ((left.survivors.length > 0 || left.busy.length > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    left = leftOver();
  }
  stopAll(left.survivors);
  return { ports, ...left, output: stack.lines.join('\n') };
}

function stopAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
}

/** Whether something could listen on 127.0.0.1:`port` now. */
export function isFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Whether all of `ports` are free within `timeoutMs`. */
export async function portsFreed(ports: readonly number[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
