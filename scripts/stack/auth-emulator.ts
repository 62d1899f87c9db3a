import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../server/persistence/files';
import { freePorts } from './ports';
import { type ManagedProcess, startProcess, waitForHttp } from './processes';

export const PROJECT_ID = 'demo-storefront';
const READY_TIMEOUT_MS = 90_000;
/** How often the accounts are written to disk while the emulator runs (and once more at stop). */
const SAVE_EVERY_MS = 2000;

export interface DemoUser {
  uid: string;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  role: 'staff' | 'customer';
}

/** An account as the emulator's batchGet returns it and batchCreate takes it back (password hash included). */
type Account = { localId: string; email?: string } & Record<string, unknown>;

/**
 * What one run of firebase-tools needs to stay on its own. Off the network and away from prompts: CI skips the
 * message-of-the-day fetch, NO_UPDATE_NOTIFIER the npm registry check, and a private config directory means no
 * stored login and no usage-analytics opt-in (analytics only run when that config says so); a demo- project id needs
 * no login. Apart from other runs: firebase-tools also starts helpers on fixed default ports (the hub on 4400,
 * logging on 4500, and beside functions eventarc on 9299 and tasks on 9499) and moves to the next port when one is
 * taken, so two runs starting at once find the same port free and one dies binding it; and the hub leaves a
 * per-project file in the temp folder that makes a second run think it shares the suite with the first. So each run
 * gets helper ports the system chose (`helpers`, for firebase.json's "emulators") and a temp folder of its own.
 * See docs/production.md, "Running the emulators side by side".
 */
export async function privateEmulatorRun(
  dir: string,
  host: string,
): Promise<{ env: NodeJS.ProcessEnv; helpers: Record<string, { host: string; port: number }> }> {
  const [hub, logging, eventarc, tasks] = (await freePorts(4)) as [number, number, number, number];
  const temp = join(dir, 'tmp');
  mkdirSync(temp, { recursive: true });
  return {
    env: { CI: 'true', NO_UPDATE_NOTIFIER: '1', XDG_CONFIG_HOME: join(dir, 'config'), NO_COLOR: '1', TMPDIR: temp },
    helpers: {
      hub: { host, port: hub },
      logging: { host, port: logging },
      eventarc: { host, port: eventarc },
      tasks: { host, port: tasks },
    },
  };
}

export function firebaseCli(): string {
  const packageJson = createRequire(import.meta.url).resolve('firebase-tools/package.json');
  return join(dirname(packageJson), 'lib', 'bin', 'firebase.js');
}

export class AuthEmulator {
  private exporting: Promise<void> = Promise.resolve();
  private lastExport = '';
  private timer: NodeJS.Timeout | undefined;
  /** Until the saved accounts are back in the emulator, saving would overwrite them with an empty list. */
  private restored = false;

  private constructor(
    readonly process: ManagedProcess,
    readonly url: string,
    private readonly accountsFile: string,
  ) {}

  /**
   * Starts `firebase emulators:start --only auth` with the repository's firebase.json (port and host replaced);
   * `ready()` then restores the accounts saved in `dir`. Accounts are saved by us through the emulator's REST API,
   * every few seconds and at stop, rather than with --export-on-exit, which only runs on a clean exit and finds the
   * emulator through a per-project file in the temp folder. The child is started after the last wait, so that the
   * caller owns it (and stops it) from the moment it exists.
   */
  static async launch(options: { repo: string; dir: string; host: string; port: number }): Promise<AuthEmulator> {
    const { repo, dir, host, port } = options;
    const run = await privateEmulatorRun(dir, host);
    const config = JSON.parse(readFileSync(join(repo, 'firebase.json'), 'utf8')) as {
      emulators?: Record<string, unknown>;
    };
    config.emulators = { ...config.emulators, ...run.helpers, auth: { host, port } };
    const configFile = join(dir, 'firebase.json');
    writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
    const child = startProcess(
      'auth',
      process.execPath,
      [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', configFile],
      { cwd: dir, env: run.env, logFile: join(dir, 'emulator.log') },
    );
    return new AuthEmulator(child, `http://${host}:${port}`, join(dir, 'accounts.json'));
  }

  /**
   * Waits until the emulator answers, restores the saved accounts, then keeps saving them; with `persist: false`
   * (tests) the accounts live only as long as the emulator, and nothing is read or written.
   */
  async ready({ persist = true }: { persist?: boolean } = {}): Promise<void> {
    await waitForHttp(`${this.url}/`, READY_TIMEOUT_MS, this.process.unexpectedExit);
    if (!persist) return;
    await this.restoreAccounts();
    this.restored = true;
    this.timer = setInterval(() => void this.saveAccounts(), SAVE_EVERY_MS);
  }

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.url}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/${path}`, {
      method,
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { error?: unknown };
    if (!response.ok || (Array.isArray(answer.error) && answer.error.length > 0)) {
      throw new Error(`Auth emulator ${method} ${path} failed: ${JSON.stringify(answer)}`);
    }
    return answer;
  }

  async accounts(): Promise<Account[]> {
    const answer = (await this.request('GET', 'accounts:batchGet?maxResults=-1')) as { users?: Account[] };
    return answer.users ?? [];
  }

  private async restoreAccounts(): Promise<void> {
    let users: Account[];
    try {
      users = JSON.parse(await readFile(this.accountsFile, 'utf8')) as Account[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw new Error(`cannot restore Auth accounts from ${this.accountsFile}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (users.length > 0) await this.request('POST', 'accounts:batchCreate', { users });
    this.lastExport = JSON.stringify(users);
  }

  /** Creates the demo users that are missing (with their fixed uids); returns each demo user's uid. */
  async ensureUsers(users: readonly DemoUser[]): Promise<Map<string, string>> {
    const byEmail = new Map((await this.accounts()).map((account) => [account.email, account.localId]));
    const missing = users.filter((user) => !byEmail.has(user.email));
    if (missing.length > 0) {
      await this.request('POST', 'accounts:batchCreate', {
        users: missing.map((user) => ({
          localId: user.uid,
          email: user.email,
          rawPassword: user.password,
          displayName: `${user.firstname} ${user.lastname}`,
          emailVerified: true,
        })),
      });
      for (const user of missing) byEmail.set(user.email, user.uid);
      await this.saveAccounts();
    }
    return new Map(users.map((user) => [user.email, byEmail.get(user.email) ?? user.uid]));
  }

  /** Writes the accounts to disk (atomically) when they changed; saves never overlap. */
  saveAccounts(): Promise<void> {
    if (!this.restored) return this.exporting;
    this.exporting = this.exporting.then(async () => {
      try {
        const text = JSON.stringify(await this.accounts());
        if (text === this.lastExport) return;
        await writeFileAtomic(this.accountsFile, [Buffer.from(text)], dirname(this.accountsFile));
        this.lastExport = text;
      } catch (error) {
        console.error(`auth: could not save accounts: ${(error as Error).message}`);
      }
    });
    return this.exporting;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.saveAccounts();
    await this.process.stop();
  }

  kill(): void {
    this.process.kill();
  }
}
