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
 * The onDisconnect writes of closed connections, run in arrival order a few hundred per turn of the event loop,
 * so that a client that queued thousands (or many clients closing at once) never holds up everyone else.
 */
export class DisconnectWrites {
  private readonly batches: Batch[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Database,
    private readonly perTurn: number,
    /** False once the server is shutting down: what is still queued is dropped, as Firebase would not run it. */
    private readonly running: () => boolean,
    private readonly log: (line: string) => void,
  ) {}

  /** Queues a closed connection's writes behind those of connections that closed before it. */
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
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.turn();
    });
  }

  private turn(): void {
    let budget = this.perTurn;
    while (budget > 0 && this.batches.length > 0) {
      const batch = this.batches[0] as Batch;
      budget -= this.run(batch, budget);
      if (batch.requests.length > 0) break;
      this.batches.shift();
      batch.done();
    }
    if (this.batches.length > 0) this.schedule();
  }

  /** Runs up to `count` of the batch's writes, removing them; returns how many ran. */
  private run(batch: Batch, count: number): number {
    const requests = batch.requests.splice(0, count);
    if (!this.running()) return requests.length;
    for (const request of requests) {
      this.db.write(batch.namespace, batch.identity, request).then(
        (outcome) => {
          if ('status' in outcome) this.log(`connection ${batch.connection} onDisconnect write refused: ${outcome.message}`);
        },
        (error: Error) => this.log(`connection ${batch.connection} onDisconnect write failed: ${error.message}`),
      );
    }
    return requests.length;
  }
}
