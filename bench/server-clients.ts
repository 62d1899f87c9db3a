/**
 * Child process of bench/server.ts: hosts many real SDK clients (one initializeApp each) and reports, over the
 * IPC channel, when each write reached all of its listeners, or how many writes its writers got acknowledged.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, type Database, getDatabase, goOffline, onValue, ref, set } from 'firebase/database';

export type ClientCommand =
  | { type: 'listen'; port: number; count: number; path: string }
  | { type: 'write'; port: number; count: number; path: string; durationMs: number }
  | { type: 'close' };

export type ClientReport =
  | { type: 'ready' }
  | { type: 'received'; seq: number; latenciesMs: number[] }
  | { type: 'written'; acknowledged: number };

/** Epoch milliseconds with sub-millisecond resolution, comparable across processes on one machine. */
export const now = (): number => performance.timeOrigin + performance.now();

const databases: Database[] = [];

function send(report: ClientReport): void {
  process.send?.(report);
}

function connect(port: number, count: number): Database[] {
  return Array.from({ length: count }, () => {
    const app = initializeApp(
      { projectId: 'demo-storefront', databaseURL: 'https://demo-storefront-default-rtdb.firebaseio.com' },
      `bench-${process.pid}-${databases.length}`,
    );
    const db = getDatabase(app);
    connectDatabaseEmulator(db, '127.0.0.1', port);
    databases.push(db);
    return db;
  });
}

function listen(port: number, count: number, path: string): void {
  const samples = new Map<number, number[]>();
  let initial = 0;
  for (const db of connect(port, count)) {
    let first = true;
    onValue(ref(db, path), (snapshot) => {
      if (first) {
        first = false;
        if (++initial === count) send({ type: 'ready' });
      }
      const value = snapshot.val() as { seq: number; sentAt: number } | null;
      if (!value) return;
      const latency = now() - value.sentAt;
      const list = samples.get(value.seq) ?? [];
      list.push(latency);
      samples.set(value.seq, list);
      if (list.length === count) {
        samples.delete(value.seq);
        send({ type: 'received', seq: value.seq, latenciesMs: list });
      }
    });
  }
}

async function write(port: number, count: number, path: string, durationMs: number): Promise<void> {
  const writers = connect(port, count);
  // Connect first (a read round-trips), so the timed part measures writes only.
  await Promise.all(writers.map((db) => set(ref(db, `${path}/warmup`), true)));
  let acknowledged = 0;
  const end = now() + durationMs;
  await Promise.all(
    writers.map(async (db, index) => {
      for (let sequence = 0; now() < end; sequence++) {
        await set(ref(db, `${path}/w${process.pid}-${index}`), { sequence, at: Date.now() });
        acknowledged++;
      }
    }),
  );
  send({ type: 'written', acknowledged });
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'listen') listen(command.port, command.count, command.path);
  else if (command.type === 'write') void write(command.port, command.count, command.path, command.durationMs);
  else {
    for (const db of databases) goOffline(db);
    void Promise.all(databases.map((db) => deleteApp(db.app))).finally(() => process.exit(0));
  }
});
