import type { ServerResponse } from 'node:http';
import type { Database } from '../core/database';
import type { Identity } from '../core/identity';
import type { ExportJson } from '../core/model';
import type { QuerySpec } from '../core/query';
import { toReadable } from '../core/tree';
import type { Backlogged, OutgoingBudget } from '../limits';
import type { Listen, ListenRegistry, Subscriber } from '../protocol/listens';
import { windowOf } from '../protocol/listens';

/** Firebase sends a keep-alive event about every 30 seconds on an idle stream. */
const KEEP_ALIVE_MS = 30_000;

export interface StreamContext {
  db: Database;
  registry: ListenRegistry;
  outgoing: OutgoingBudget;
}

/** A wire message as the fan-out encodes it; only data pushes reach a stream. */
type Push = { d: { a: 'd' | 'm'; b: { p: string; d: ExportJson } } };

/**
 * REST streaming (`Accept: text/event-stream`), as Firebase documents it: the value first as `event: put` at
 * "/", then every change as `put` or `patch` with its path relative to the location, `keep-alive` while idle,
 * `cancel` when the rules stop allowing the read, and `auth_revoked` when the credential expires. A stream is
 * one more listen in the registry: it shares the fan-out, the rules checks and the memory bounds.
 */
class EventStream implements Subscriber, Backlogged {
  private readonly keepAlive: NodeJS.Timeout;
  private expiry: NodeJS.Timeout | undefined;
  readonly listen: Listen;

  constructor(
    private readonly context: StreamContext,
    private readonly response: ServerResponse,
    readonly identity: Identity,
    namespace: string,
    path: readonly string[],
    spec: QuerySpec | null,
    /** `format=export`: values as stored, with priorities; otherwise as GET renders them (arrays, no priorities). */
    private readonly exported: boolean,
  ) {
    const query = spec && { spec, tag: 0, wire: null, key: `rest:${JSON.stringify(spec)}` };
    this.listen = { subscriber: this, namespace, path, query };
    this.keepAlive = setInterval(() => this.event('keep-alive', null), KEEP_ALIVE_MS);
    const expiresAt = identity.admin ? undefined : identity.auth?.token.exp;
    if (typeof expiresAt === 'number') {
      // setTimeout holds at most about 24.8 days; a longer-lived token is simply not watched further.
      const delay = Math.max(0, expiresAt * 1000 - Date.now());
      if (delay < 2 ** 31) this.expiry = setTimeout(() => this.end('auth_revoked', 'credential expired'), delay);
    }
    response.on('close', () => this.stop());
  }

  get backlog(): number {
    return this.response.writableLength;
  }

  start(): void {
    const { db, registry } = this.context;
    const { namespace, path } = this.listen;
    const value = this.listen.query ? windowOf(db.valueAt(namespace, []), this.listen) : db.valueAt(namespace, path);
    this.response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    this.event('put', { path: '/', data: this.render(value) });
    registry.add(this.listen);
  }

  sendFrames(frames: readonly Buffer[]): void {
    const text = (frames.length > 1 ? frames.slice(1) : frames).join('');
    const { a, b } = (JSON.parse(text) as Push).d;
    const relative = b.p.split('/').filter(Boolean).slice(this.listen.path.length).join('/');
    if (a === 'd') return this.event('put', { path: `/${relative}`, data: this.render(b.d) });
    // A patch's data maps paths to values: each value is rendered, the map itself stays an object.
    const children = Object.entries(b.d as Record<string, ExportJson>);
    const data = Object.fromEntries(children.map(([key, child]) => [key, this.render(child)]));
    this.event('patch', { path: `/${relative}`, data });
  }

  private render(value: ExportJson): unknown {
    return this.exported ? value : toReadable(value);
  }

  revoked(): void {
    this.end('cancel', 'Permission denied');
  }

  drop(): void {
    this.response.destroy();
  }

  private write(text: string): void {
    if (this.response.writableEnded) return;
    if (this.context.outgoing.admit(this, Buffer.byteLength(text))) this.response.write(text);
  }

  private event(name: string, data: unknown): void {
    this.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private end(name: 'cancel' | 'auth_revoked', data: string): void {
    this.event(name, data);
    this.response.end();
    this.stop();
  }

  private stop(): void {
    clearInterval(this.keepAlive);
    clearTimeout(this.expiry);
    this.context.registry.remove(this.listen);
    this.context.outgoing.leave(this);
  }
}

/** Starts a stream of the location (the caller has checked that the rules allow reading it). */
export function startEventStream(
  context: StreamContext,
  response: ServerResponse,
  identity: Identity,
  namespace: string,
  path: readonly string[],
  spec: QuerySpec | null,
  exported: boolean,
): void {
  new EventStream(context, response, identity, namespace, path, spec, exported).start();
}
