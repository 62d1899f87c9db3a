/** A connection with messages waiting for their turn. */
export interface Waiting {
  /**
   * Handles up to `count` of its waiting messages, at least one, and no more once `deadline` (a performance.now()
   * time) has passed; true if some are still waiting.
   */
  serve(count: number, deadline: number): boolean;
}

/**
 * Shares the event loop among WebSocket connections (see docs/local-database.md, "Limits"). Node hands the server
 * everything the ready sockets have sent in one go (up to 2 MB a socket), and handling each message as it is parsed
 * let a flood from a few sockets hold everyone else up for as long as it took. Instead, messages are handled as
 * they arrive only while the turn's time lasts. After that a connection's messages wait in its own inbox, its
 * socket is no longer read (so the inbox holds at most what was already read), and at the end of the turn the
 * waiting connections are served a few messages each, round robin, for another turn's time; whatever still waits
 * is served at the end of the next turn. A client that sends one request while others flood waits a turn or two,
 * not for the flood.
 */
export class FairTurns {
  /** When this turn's time is up; meaningful while `open`. */
  private deadline = 0;
  private open = false;
  private endScheduled = false;
  private readonly waiting: Waiting[] = [];

  constructor(
    /** How long messages are handled per turn before the rest wait. */
    private readonly turnMs: number,
    /** Messages a waiting connection handles before the next one's go. */
    private readonly perServe = 16,
  ) {}

  /** Whether a message that just arrived may be handled now; if not, it waits (see `wait`). */
  mayHandle(): boolean {
    if (this.open) return performance.now() < this.deadline;
    this.open = true;
    this.deadline = performance.now() + this.turnMs;
    this.scheduleEnd();
    return true;
  }

  /** Queues a connection whose messages wait; it is served, in its turn, until it has none left. */
  wait(connection: Waiting): void {
    this.waiting.push(connection);
    this.scheduleEnd();
  }

  private scheduleEnd(): void {
    if (this.endScheduled) return;
    this.endScheduled = true;
    setImmediate(this.endTurn);
  }

  private readonly endTurn = (): void => {
    this.endScheduled = false;
    this.open = false;
    if (this.waiting.length === 0) return;
    const deadline = performance.now() + this.turnMs;
    do {
      const next = this.waiting.shift() as Waiting;
      if (next.serve(this.perServe, deadline)) this.waiting.push(next);
    } while (this.waiting.length > 0 && performance.now() < deadline);
    if (this.waiting.length > 0) this.scheduleEnd();
  };
}
