/**
 * `npm run start:firebase` and `npm start` stop as a whole: Ctrl-C in a terminal (SIGINT to the foreground
 * process group) and a process manager's SIGTERM to the group (`npm start` only: one handler takes both) leave no process they started (database, Auth
 * emulator, Hosting and Functions emulators and their workers, vite preview, the mailbox) and no port listened on, and the
 * next start on the same ports works. The scripts run as after `npm run build`, on the build of this test run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopsAsAWhole } from '../server/support/stackGroup';
import { PORTS, buildDirs, buildFor, expect, test } from './firebaseStack';

const DIRS = buildDirs('dist-firebase-e2e');
const START_MS = 300_000;
const GRACE_MS = 30_000;

interface Stack {
  command: string;
  script: string;
  /** The ports the test gives it, besides those it picks itself (firebase-tools' hub and logging). */
  ports: Record<string, number>;
  extra: string[];
  /** Where the shop answers a first visit. */
  url: string;
  /**
   * The signals it is stopped by, one start each. Both scripts stop in the one handler of
   * scripts/stack/localStack.ts, whatever the signal: `npm start` (a start of about 20 s) is stopped by each, and
   * `start:firebase` (about 45 s, its emulators and their workers) by Ctrl-C alone, what it adds being the
   * processes it starts, not the signal (docs/testing.md#moving-checks-to-where-they-belong).
   */
  signals: ('SIGINT' | 'SIGTERM')[];
}

const firebase = { hosting: 5380, functions: 5381, db: 9380, auth: 9381, smtp: 5384, inbox: 5385 };
const preview = { app: 5382, db: 9382, auth: 9383, smtp: 5386, inbox: 5387 };

const STACKS: Stack[] = [
  {
    command: 'npm run start:firebase',
    script: 'scripts/start-firebase.ts',
    ports: {
      'hosting-port': firebase.hosting,
      'functions-port': firebase.functions,
      'db-port': firebase.db,
      'auth-port': firebase.auth,
      'smtp-port': firebase.smtp,
      'inbox-port': firebase.inbox,
    },
    extra: ['--public', DIRS.client, '--functions', DIRS.functions],
    url: `http://localhost:${firebase.hosting}/home`,
    signals: ['SIGINT'],
  },
  {
    command: 'npm start',
    script: 'scripts/start.ts',
    ports: {
      'app-port': preview.app,
      'db-port': preview.db,
      'auth-port': preview.auth,
      'smtp-port': preview.smtp,
      'inbox-port': preview.inbox,
    },
    extra: ['--dist', DIRS.client],
    url: `http://localhost:${preview.app}/home`,
    signals: ['SIGINT', 'SIGTERM'],
  },
];

for (const stack of STACKS) {
  const stoppedBy = stack.signals.length > 1 ? 'Ctrl-C and on SIGTERM, and starts again on the same ports' : 'Ctrl-C';
  test(`${stack.command} stops as a whole on ${stoppedBy}`, async () => {
    test.setTimeout(stack.signals.length * (START_MS + GRACE_MS) + 600_000);
    buildFor(PORTS, DIRS);
    const data = mkdtempSync(join(tmpdir(), 'storefront-signals-'));
    const args = [
      ...Object.entries(stack.ports).flatMap(([name, port]) => [`--${name}`, String(port)]),
      ...stack.extra,
    ];
    try {
      for (const signal of stack.signals) {
        const stopped = await stopsAsAWhole(stack.script, [...args, '--data', data], signal, {
          startMs: START_MS,
          graceMs: GRACE_MS,
          whileRunning: async () => {
            // The shop answers, with a first visit's page rendered from the database.
            const home = await fetch(stack.url);
            expect(home.status, signal).toBe(200);
            expect(await home.text(), signal).toContain('id="first-visit-data"');
          },
        });
        expect(stopped.ports, signal).toEqual(expect.arrayContaining(Object.values(stack.ports)));
        expect(stopped.survivors, `${signal}: processes left running\n${stopped.output}`).toEqual([]);
        expect(stopped.busy, `${signal}: ports still listened on\n${stopped.output}`).toEqual([]);
        expect(stopped.output, signal).toMatch(/database stopped/);
      }
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
}
