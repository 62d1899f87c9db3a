/**
 * What one client may hold of the server's memory, and what all of them may hold together (see
 * docs/local-database.md, "Limits"). Every figure can be lowered in DatabaseServerOptions.limits (tests do).
 */
export interface Limits {
  /** Listens one WebSocket connection may hold at once. */
  listensPerConnection: number;
  /** Listens every connection together may hold. */
  listensInTotal: number;
  /** Characters of one listen's or get's query object (as JSON). */
  queryChars: number;
  /** onDisconnect writes one connection may queue. */
  onDisconnectPerConnection: number;
  /** onDisconnect writes run per turn of the event loop when connections close (the rest wait their turn). */
  onDisconnectPerTurn: number;
  /**
   * Milliseconds of WebSocket messages handled per turn of the event loop as they arrive; past it, messages wait
   * and the waiting connections take turns (see FairTurns).
   */
  messagesPerTurnMs: number;
  /** Bytes waiting to be sent to one client that does not read; past it the client is dropped. */
  outgoingPerClient: number;
  /** Bytes waiting to be sent to all clients; past it the clients with the most waiting are dropped. */
  outgoingInTotal: number;
  /** Bytes of half-received or waiting WebSocket messages and queued onDisconnect writes, all connections. */
  heldInTotal: number;
  /** Bytes of one REST request body. */
  restBody: number;
  /** Bytes of REST request bodies being received or applied at once; past it a request is answered 503. */
  restBodiesInTotal: number;
}

export const DEFAULT_LIMITS: Limits = {
  listensPerConnection: 1000,
  listensInTotal: 200_000,
  queryChars: 4096,
  onDisconnectPerConnection: 1000,
  onDisconnectPerTurn: 200,
  messagesPerTurnMs: 10,
  outgoingPerClient: 32 * 1024 * 1024,
  outgoingInTotal: 256 * 1024 * 1024,
  heldInTotal: 256 * 1024 * 1024,
  restBody: 64 * 1024 * 1024,
  restBodiesInTotal: 256 * 1024 * 1024,
};

/** An allowance of bytes shared by many holders: each takes before it holds, and gives back what it took. */
export class MemoryBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  get inUse(): number {
    return this.used;
  }

  take(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}

/** A client with bytes waiting to be sent (a WebSocket's bufferedAmount). */
export interface Backlogged {
  readonly backlog: number;
  drop(reason: string): void;
}

/** Backlogs below this are not tracked, so that idle connections cost the budget nothing. */
const UNTRACKED_BYTES = 16 * 1024;

/**
 * Bounds the bytes waiting for clients that do not read, per client and in total. Keeping an exact total would
 * need a callback per send; instead each send adds to an estimate, which only ever overstates (backlogs drain
 * unseen), and only when the estimate passes the limit are the real backlogs counted, and the clients with the
 * largest dropped until the total is back under three quarters of the limit. A client with less than 16 KiB
 * waiting is not tracked (the total may exceed the limit by that much per client).
 */
export class OutgoingBudget {
  private estimate = 0;
  private readonly accounted = new Map<Backlogged, number>();

  constructor(
    private readonly perClient: number,
    private readonly limit: number,
  ) {}

  leave(client: Backlogged): void {
    this.estimate -= this.accounted.get(client) ?? 0;
    this.accounted.delete(client);
  }

  /** Whether `bytes` more may be queued for `client`; if not, the client has been dropped. */
  admit(client: Backlogged, bytes: number): boolean {
    const waiting = client.backlog + bytes;
    if (waiting > this.perClient) {
      this.dropped(client, `over ${this.perClient} bytes waiting to be sent`);
      return false;
    }
    this.estimate += waiting - (this.accounted.get(client) ?? 0);
    if (waiting < UNTRACKED_BYTES) {
      this.estimate -= waiting;
      this.accounted.delete(client);
      return true;
    }
    this.accounted.set(client, waiting);
    if (this.estimate > this.limit) this.recount();
    return this.accounted.has(client);
  }

  private recount(): void {
    let total = 0;
    for (const client of this.accounted.keys()) {
      const waiting = client.backlog;
      this.accounted.set(client, waiting);
      total += waiting;
    }
    this.estimate = total;
    if (total <= this.limit) return;
    const largestFirst = [...this.accounted].sort((a, b) => b[1] - a[1]);
    for (const [client] of largestFirst) {
      if (this.estimate <= this.limit * 0.75) break;
      this.dropped(client, `among the largest of ${this.estimate} bytes waiting for all clients`);
    }
  }

  private dropped(client: Backlogged, reason: string): void {
    this.leave(client);
    client.drop(reason);
  }
}
