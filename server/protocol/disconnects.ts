import type { Database, WriteRequest } from '../core/database';
import type { Identity } from '../core/identity';

interface Batch {
  namespace: string;
  identity: Identity;
  requests: WriteRequest[];
  /** Called once the batch has run (or been dropped): gives back the memory it held. */
  done: () => void;
  connection: string;
}

/**
 * The onDisconnect writes of closed connections, run a few hundred per turn of the event loop, so that a client
 * that queued thousands (or many clients closing at once) never holds up everyone else:
 * - the closed connections take turns (round robin), each getting its share of a turn, so one connection's flood
 *   delays another's onDisconnect by a turn or so, not by the whole flood;
 * - the next turn starts only once this turn's writes are settled (durable or refused), so the database's write
 *   queue holds at most a turn of them, and other clients' writes join the next round instead of waiting behind
 *   the whole flood.
 */
export class DisconnectWrites {
  /** In turn order: a batch with writes left after its share goes to the back. */
  private readonly batches: Batch[] = [];
  private busy = false;

  constructor(
    private readonly db: Database,
    private readonly perTurn: number,
    /** False once the server is shutting down: what is still queued is dropped, as Firebase would not run it. */
    private readonly running: () => boolean,
    private readonly log: (line: string) => void,
  ) {}

  /** Queues a closed connection's writes; it gets its share from the next turn on. */
  enqueue(batch: Batch): void {
    this.batches.push(batch);
    this.schedule();
  }

  /** Runs a batch now, ahead of the queue (a client that reconnected names its stale session: see `ls`). */
  runNow(batch: Batch): void {
    this.run(batch, batch.requests.length);
    batch.done();
  }

  private schedule(): void {
    if (this.busy) return;
    this.busy = true;
    setImmediate(() => void this.turn());
  }

  private async turn(): Promise<void> {
    const share = Math.max(1, Math.floor(this.perTurn / this.batches.length));
    const written: Promise<unknown>[] = [];
    let budget = this.perTurn;
    for (let served = this.batches.length; served > 0 && budget > 0; served--) {
      const batch = this.batches.shift() as Batch;
      const ran = this.run(batch, Math.min(share, budget));
      budget -= ran.length;
      written.push(...ran);
      if (batch.requests.length > 0) this.batches.push(batch);
      else batch.done();
    }
    await Promise.allSettled(written);
    this.busy = false;
    if (this.batches.length > 0) this.schedule();
  }

  /** Starts up to `count` of the batch's writes, removing them from it; returns their outcomes. */
  private run(batch: Batch, count: number): Promise<unknown>[] {
    const requests = batch.requests.splice(0, count);
    if (!this.running()) return [];
    return requests.map((request) =>
      this.db.write(batch.namespace, batch.identity, request).then(
        (outcome) => {
          if ('status' in outcome)
            this.log(`connection ${batch.connection} onDisconnect write refused: ${outcome.message}`);
        },
        (error: Error) => this.log(`connection ${batch.connection} onDisconnect write failed: ${error.message}`),
      ),
    );
  }
}
