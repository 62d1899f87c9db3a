/**
 * A minimal wire-protocol v5 client for the benchmark: the handshake, requests with their replies, and pushes
 * handed over with their arrival time. It costs far less per message than an SDK instance, so on a
 * 2-core machine the figures it gives are the server's, not the clients'.
 */
import { WebSocket } from 'ws';

/** Epoch milliseconds with sub-millisecond resolution, comparable across processes on one machine. */
export const now = (): number => performance.timeOrigin + performance.now();

/** CPU time (user + system) this process has used so far, in milliseconds. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

type Reply = { s: string; d?: unknown };
type Incoming = { t?: string; d?: { r?: number; a?: string; b?: Reply & { p?: string; d?: unknown } } };

/** A push: its data, when it arrived, and where and how it applies ('d' puts at `path`, 'm' merges into it). */
export type OnPush = (data: unknown, receivedAt: number, action: string, path: string) => void;

export class RawClient {
  private nextRequest = 1;
  private readonly pending = new Map<number, (reply: Reply) => void>();

  private constructor(
    private readonly ws: WebSocket,
    onPush: OnPush,
  ) {
    ws.on('message', (data) => {
      const receivedAt = now(); // before any work of ours, so parsing is not counted as latency
      const { d } = JSON.parse(data.toString()) as Incoming;
      if (d?.r !== undefined) {
        this.pending.get(d.r)?.(d.b ?? { s: 'missing' });
        this.pending.delete(d.r);
      } else if (d?.a !== undefined) {
        onPush(d.b?.d, receivedAt, d.a, d.b?.p ?? '');
      }
    });
  }

  /** Connects and waits for the server's handshake. */
  static connect(port: number, onPush: OnPush = () => {}): Promise<RawClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5&ns=demo-storefront-default-rtdb`, {
      perMessageDeflate: false,
    });
    return new Promise((resolve, reject) => {
      ws.once('error', reject);
      ws.once('message', () => resolve(new RawClient(ws, onPush)));
    });
  }

  /** Sends one request; resolves with its reply, rejects on any status other than ok. */
  request(action: string, body: Record<string, unknown>): Promise<void> {
    const r = this.nextRequest++;
    return new Promise((resolve, reject) => {
      this.pending.set(r, (reply) => (reply.s === 'ok' ? resolve() : reject(new Error(`${action}: ${reply.s}`))));
      this.ws.send(JSON.stringify({ t: 'd', d: { r, a: action, b: body } }));
    });
  }

  close(): void {
    this.ws.terminate();
  }
}
