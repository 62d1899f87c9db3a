/*
 * Over 400 lines: one class owns a connection's whole life (handshake, requests, listens, back-pressure, close), so
 * no part of its teardown lives elsewhere (docs/local-database.md).
 */
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Database, WriteRequest } from '../core/database';
import {
  ADMIN,
  ANONYMOUS,
  type Identity,
  identityFromOverride,
  identityFromToken,
  OWNER_TOKEN,
} from '../core/identity';
import { isPrefix, parsePath } from '../core/path';
import { applyQuery, parseWireQuery, type QuerySpec, rulesQuery } from '../core/query';
import type { Backlogged, Limits, MemoryBudget, OutgoingBudget } from '../limits';
import type { DisconnectWrites } from './disconnects';
import { encodeFrames, FrameAssembler, FrameError } from './frames';
import { type Listen, type ListenRegistry, overwriteFrames, queryWindow, type Subscriber } from './listens';
import type { FairTurns, Waiting } from './turns';

type Body = Record<string, unknown>;
type Status = { s: string; d?: unknown };

/** A request the client sent wrongly (as opposed to garbage, which closes the socket). */
class BadRequest extends Error {}

const OK: Status = { s: 'ok', d: {} };
/** The keys of a query object the SDK sends (see parseWireQuery); anything else is refused, not stored. */
const QUERY_KEYS = new Set(['sp', 'sn', 'sin', 'ep', 'en', 'ein', 'l', 'vf', 'i']);

function listenKey(path: readonly string[], tag: number | null): string {
  return `${path.join('/')}|${tag ?? 'default'}`;
}

function stablyKeyed(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stablyKeyed(object[key])}`)
    .join(',')}}`;
}

function pathOf(body: Body, allowPriority = false): string[] {
  if (typeof body.p !== 'string') throw new BadRequest('Missing path');
  try {
    return parsePath(body.p, allowPriority);
  } catch (error) {
    throw new BadRequest((error as Error).message);
  }
}

export interface ConnectionOptions {
  db: Database;
  registry: ListenRegistry;
  namespace: string;
  /** Echoed in the handshake (the SDK records it as the host it talks to). */
  host: string;
  log: (line: string) => void;
  limits: Limits;
  /** Shared by all connections: half-received messages and queued onDisconnect writes. */
  held: MemoryBudget;
  outgoing: OutgoingBudget;
  disconnects: DisconnectWrites;
  /** Shared by all connections: which messages are handled now and which wait their turn. */
  turns: FairTurns;
  /** Told when the connection has closed (and its onDisconnect writes are queued). */
  onClose: (connection: WireConnection) => void;
}

/** A query object as sent, checked before it is kept for the life of a listen. */
function checkedQuery(wire: unknown, limits: Limits): QuerySpec {
  if (typeof wire === 'object' && wire !== null) {
    const unknown = Object.keys(wire).find((key) => !QUERY_KEYS.has(key));
    if (unknown !== undefined) throw new BadRequest(`Unknown query parameter "${unknown.slice(0, 40)}"`);
  }
  if ((JSON.stringify(wire)?.length ?? 0) > limits.queryChars) {
    throw new BadRequest(`Query larger than ${limits.queryChars} characters`);
  }
  try {
    return parseWireQuery(wire);
  } catch (error) {
    throw new BadRequest((error as Error).message);
  }
}

/**
 * One WebSocket client for its whole life: handshake, requests processed strictly in arrival order, pushes,
 * and on close its listens dropped and its onDisconnect writes run.
 */
export class WireConnection implements Subscriber, Backlogged, Waiting {
  identity: Identity = ANONYMOUS;
  /** The session id sent in the handshake; a reconnecting client names it as its last session (`ls`). */
  readonly id = randomBytes(6).toString('hex');
  private readonly listens = new Map<string, Listen>();
  private onDisconnect: WriteRequest[] = [];
  /** Bytes of `onDisconnect` counted against the shared `held` budget. */
  private onDisconnectBytes = 0;
  private readonly frames: FrameAssembler;
  /** Characters of the message being handled (what a queued onDisconnect write holds). */
  private messageChars = 0;
  private isClosed = false;
  /** Whether this tick has sent a message yet, and whether the socket is corked until its end (see sendFrames). */
  private sending: 'idle' | 'sent' | 'corked' = 'idle';
  /** Messages read but not yet handled, while they wait their turn (see FairTurns); null when none wait. */
  private inbox: string[] | null = null;
  /** Characters in `inbox`, counted against the shared `held` budget. */
  private inboxChars = 0;

  constructor(
    private readonly ws: WebSocket,
    /** The socket under `ws`: a failed write destroys it at once, before `ws` hears of it. */
    private readonly socket: Duplex,
    private readonly options: ConnectionOptions,
  ) {
    const { log, namespace } = options;
    this.frames = new FrameAssembler(options.held);
    log(`connection ${this.id} opened (ns=${namespace})`);
    ws.on('message', (data, isBinary) => this.arrived(isBinary ? null : data.toString()));
    ws.on('close', () => this.closed());
    ws.on('error', (error) => log(`connection ${this.id} error: ${error.message}`));
    this.send({ t: 'c', d: { t: 'h', d: { ts: Date.now(), v: '5', h: options.host, s: this.id } } });
  }

  get namespace(): string {
    return this.options.namespace;
  }

  get backlog(): number {
    return this.ws.bufferedAmount;
  }

  /** Drops a client that stopped reading: the server would otherwise buffer every push for it, without end. */
  drop(reason: string): void {
    this.options.log(`connection ${this.id} dropped: ${reason}`);
    this.ws.terminate();
    this.discardInbox();
  }

  /** Closes this (stale) session at once and runs its onDisconnect writes before anything else happens. */
  replaced(): void {
    this.options.log(`connection ${this.id} closed: the client reconnected and named it as its last session`);
    this.closed(true);
    this.ws.terminate();
  }

  /**
   * False once the socket has closed or a write to it failed. Nothing is sent, and no request handled, after
   * that: each write to a destroyed socket would create an Error (and Node reads its stack), and nobody could
   * receive the answer. Requests in flight when it happens are dropped, as when the client closes mid-way.
   */
  private get alive(): boolean {
    return this.ws.readyState === this.ws.OPEN && !this.socket.destroyed && this.socket.writable;
  }

  sendFrames(frames: readonly Buffer[]): void {
    if (!this.alive) return;
    let bytes = 0;
    for (const frame of frames) bytes += frame.length;
    if (!this.options.outgoing.admit(this, bytes)) return;
    // What a connection sends in one tick beyond its first message (the replies to a burst of requests, a change
    // pushed on several paths) leaves in one write instead of a system call each. The first goes out at once: a
    // fan-out sends one push to each of a thousand connections, and corking those would hold every push back
    // until the last was queued.
    if (this.sending === 'idle') {
      this.sending = 'sent';
      process.nextTick(() => {
        if (this.sending === 'corked') this.socket.uncork();
        this.sending = 'idle';
      });
    } else if (this.sending === 'sent') {
      this.sending = 'corked';
      this.socket.cork();
    }
    for (const frame of frames) {
      if (!this.alive) return; // the previous frame's write failed
      this.ws.send(frame, { binary: false });
    }
  }

  revoked(listen: Listen): void {
    this.listens.delete(listenKey(listen.path, listen.query?.tag ?? null));
    const body: Body = { p: listen.path.join('/') };
    if (listen.query) body.q = [listen.query.wire];
    this.push('c', body);
  }

  /** Handles waiting messages of the inbox (see Waiting.serve); true if some still wait. */
  serve(count: number, deadline: number): boolean {
    const inbox = this.inbox;
    if (inbox === null) return false; // closed meanwhile
    for (let served = 0; served < count && inbox.length > 0 && this.inbox === inbox; served++) {
      // One expensive message (a 16 MB update) must not be followed by fifteen more in the same turn.
      if (served > 0 && performance.now() >= deadline) break;
      const text = inbox.shift() as string;
      this.inboxChars -= text.length;
      this.options.held.give(text.length);
      this.take(text);
    }
    if (this.inbox !== inbox) return false; // the connection was closed by one of them
    if (inbox.length > 0) return true;
    this.inbox = null;
    this.ws.resume();
    return false;
  }

  /** A message off the socket (null for a binary one): handled now if the turn has time left, else it waits. */
  private arrived(text: string | null): void {
    const { turns, held } = this.options;
    if (text === null || (this.inbox === null && turns.mayHandle())) return this.take(text);
    if (this.inbox === null) {
      // Stop reading: what waits is then at most what was already read.
      this.inbox = [];
      this.ws.pause();
      turns.wait(this);
    }
    if (!held.take(text.length)) return this.garbage('Server busy: too many messages waiting from all clients');
    this.inboxChars += text.length;
    this.inbox.push(text);
  }

  private take(text: string | null): void {
    try {
      if (text === null) this.garbage('binary frame');
      else this.receive(text);
    } catch (error) {
      // A bug must cost this connection, not the server and everyone else on it.
      this.options.log(`connection ${this.id} failed: ${(error as Error).stack ?? error}`);
      this.ws.terminate();
      this.discardInbox();
    }
  }

  /** Forgets the messages still waiting (the connection is going), giving back what they held. */
  private discardInbox(): void {
    this.options.held.give(this.inboxChars);
    this.inboxChars = 0;
    this.inbox = null;
  }

  private send(message: unknown): void {
    this.sendFrames(encodeFrames(JSON.stringify(message)));
  }

  private push(action: string, body: Body): void {
    this.send({ t: 'd', d: { a: action, b: body } });
  }

  private reply(request: number, status: Status): void {
    this.send({ t: 'd', d: { r: request, b: status } });
  }

  private garbage(reason: string): void {
    this.options.log(`connection ${this.id} closed: ${reason}`);
    this.ws.close(1002, reason.slice(0, 100));
    this.discardInbox();
  }

  private receive(frame: string): void {
    if (!this.alive) return; // frames still arriving after the socket closed, or after we closed on garbage
    let text: string | null;
    try {
      text = this.frames.push(frame);
    } catch (error) {
      if (error instanceof FrameError) return this.garbage(error.message);
      throw error;
    }
    if (text === null) return;
    this.messageChars = text.length;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return this.garbage('unparseable message');
    }
    if (typeof message !== 'object' || message === null) return this.garbage('message is not an object');
    const { t, d } = message as { t?: unknown; d?: unknown };
    if (typeof d !== 'object' || d === null) return this.garbage('message without data');
    if (t === 'c') {
      if ((d as Body).t === 'p') this.send({ t: 'c', d: { t: 'o', d: null } });
      return;
    }
    const { r, a, b } = d as Body;
    if (t !== 'd' || typeof r !== 'number') return this.garbage('not a request');
    try {
      if (typeof a !== 'string' || typeof b !== 'object' || b === null) throw new BadRequest('Malformed request');
      this.handle(r, a, b as Body);
    } catch (error) {
      if (error instanceof BadRequest) return this.reply(r, { s: 'invalid_request', d: error.message });
      this.options.log(`connection ${this.id} request ${String(a)} failed: ${(error as Error).stack ?? error}`);
      this.reply(r, { s: 'internal_error', d: 'Internal server error' });
    }
  }

  private handle(request: number, action: string, body: Body): void {
    switch (action) {
      case 'q':
        return this.reply(request, this.listen(body));
      case 'n':
        return this.unlisten(request, body);
      case 'p':
        return this.write(request, { kind: 'set', path: pathOf(body, true), value: body.d, ...hashOf(body) });
      case 'm':
        return this.write(request, { kind: 'merge', path: pathOf(body), children: childrenOf(body) });
      case 'g':
        return this.reply(request, this.get(body));
      case 'o':
        return this.reply(request, this.queueOnDisconnect({ kind: 'set', path: pathOf(body, true), value: body.d }));
      case 'om':
        return this.reply(
          request,
          this.queueOnDisconnect({ kind: 'merge', path: pathOf(body), children: childrenOf(body) }),
        );
      case 'oc':
        return this.reply(request, this.cancelOnDisconnect(pathOf(body)));
      case 'auth':
      case 'gauth':
        return this.reply(request, this.authenticate(body));
      case 'unauth':
        this.setIdentity(ANONYMOUS);
        return this.reply(request, OK);
      case 's': // statistics
      case 'appcheck': // App Check is not enforced locally
      case 'unappeck': // (sic: the SDK's spelling)
      case 'unappcheck':
        return this.reply(request, OK);
      default:
        throw new BadRequest(`Unknown action "${action}"`);
    }
  }

  private listen(body: Body): Status {
    const path = pathOf(body);
    const tag = typeof body.t === 'number' ? body.t : null;
    if (tag !== null && !Number.isSafeInteger(tag)) throw new BadRequest('A query tag must be an integer');
    const { db, registry, namespace, limits } = this.options;
    const query: Listen['query'] =
      tag === null ? null : { spec: checkedQuery(body.q, limits), tag, wire: body.q, key: stablyKeyed(body.q) };
    const key = listenKey(path, tag);
    const previous = this.listens.get(key);
    if (previous) registry.remove(previous);
    else if (this.listens.size >= limits.listensPerConnection || registry.size >= limits.listensInTotal) {
      const scope = this.listens.size >= limits.listensPerConnection ? 'this connection' : 'the server';
      return { s: 'too_many_listens', d: `No more listens: ${scope} holds as many as it may` };
    }
    const listen: Listen = { subscriber: this, namespace, path, query };
    if (!registry.allowed(listen)) {
      this.listens.delete(key);
      return { s: 'permission_denied', d: 'Permission denied' };
    }
    if (query) {
      this.sendFrames(overwriteFrames(path, queryWindow(db.valueAt(namespace, []), listen), query.tag));
    } else {
      this.sendFrames(overwriteFrames(path, JSON.stringify(db.valueAt(namespace, path))));
    }
    this.listens.set(key, listen);
    registry.add(listen);
    // Like Firebase, say when a query has no ".indexOn": the SDK then logs how to add one.
    const indexed = !query || !lacksIndex(query.spec, db.rulesFor(namespace).indexOn(path));
    return indexed ? OK : { s: 'ok', d: { w: ['no_index'] } };
  }

  private unlisten(request: number, body: Body): void {
    const key = listenKey(pathOf(body), typeof body.t === 'number' ? body.t : null);
    const listen = this.listens.get(key);
    if (listen) {
      this.options.registry.remove(listen);
      this.listens.delete(key);
    }
    this.reply(request, OK);
  }

  private write(request: number, write: WriteRequest): void {
    const { db, namespace, log } = this.options;
    db.write(namespace, this.identity, write).then(
      (outcome) => {
        if (!this.alive) return;
        if (!('status' in outcome)) return this.reply(request, OK);
        // The client retries a stale transaction from what it holds, so it gets the current value first.
        if (outcome.status === 'datastale') {
          this.sendFrames(overwriteFrames(write.path, JSON.stringify(db.valueAt(namespace, write.path))));
        }
        this.reply(request, { s: outcome.status, d: outcome.message });
      },
      (error: Error) => {
        log(`connection ${this.id} write not persisted: ${error.message}`);
        this.reply(request, { s: 'unavailable', d: 'The write could not be persisted' });
      },
    );
  }

  private get(body: Body): Status {
    const path = pathOf(body);
    const wire = body.q;
    const { db, namespace, limits } = this.options;
    const spec =
      typeof wire === 'object' && wire !== null && Object.keys(wire).length > 0 ? checkedQuery(wire, limits) : null;
    if (!db.canRead(namespace, path, this.identity, rulesQuery(spec)))
      return { s: 'permission_denied', d: 'Permission denied' };
    const value = db.valueAt(namespace, path);
    return { s: 'ok', d: spec ? applyQuery(value, spec) : value };
  }

  private queueOnDisconnect(request: WriteRequest): Status {
    const { db, namespace, limits, held } = this.options;
    if (this.onDisconnect.length >= limits.onDisconnectPerConnection) {
      return { s: 'too_many_writes', d: `No more than ${limits.onDisconnectPerConnection} onDisconnect writes` };
    }
    const checked = db.prepare(namespace, this.identity, request);
    if ('status' in checked) return { s: checked.status, d: checked.message };
    if (!held.take(this.messageChars)) {
      return { s: 'unavailable', d: 'Server busy: too many onDisconnect writes queued' };
    }
    this.onDisconnectBytes += this.messageChars;
    this.onDisconnect.push(request);
    return OK;
  }

  private cancelOnDisconnect(path: readonly string[]): Status {
    this.onDisconnect = this.onDisconnect.filter((request) => !isPrefix(path, request.path));
    if (this.onDisconnect.length === 0) this.releaseOnDisconnect();
    return OK;
  }

  private releaseOnDisconnect(): void {
    this.options.held.give(this.onDisconnectBytes);
    this.onDisconnectBytes = 0;
  }

  private authenticate(body: Body): Status {
    if (typeof body.cred !== 'string') throw new BadRequest('Missing credential');
    let identity = identityFromToken(body.cred);
    if (identity === null) {
      // A refused credential must not leave the previous one in force.
      this.setIdentity(ANONYMOUS);
      return { s: 'invalid_token', d: 'Could not parse auth token.' };
    }
    if (identity.admin && body.cred === OWNER_TOKEN) identity = adminOverride(body) ?? ADMIN;
    this.setIdentity(identity);
    return { s: 'ok', d: { auth: identity.admin ? null : (identity.auth?.token ?? null) } };
  }

  private setIdentity(identity: Identity): void {
    this.identity = identity;
    this.options.registry.recheck(this.listens.values());
  }

  /** Drops the listens and hands the onDisconnect writes over (at once when `now`, else in their turn). */
  private closed(now = false): void {
    if (this.isClosed) return;
    this.isClosed = true;
    const { registry, disconnects, namespace, outgoing, log, onClose } = this.options;
    for (const listen of this.listens.values()) registry.remove(listen);
    this.listens.clear();
    this.frames.discard();
    this.discardInbox();
    outgoing.leave(this);
    const batch = {
      namespace,
      identity: this.identity,
      requests: this.onDisconnect,
      done: () => this.releaseOnDisconnect(),
      connection: this.id,
    };
    this.onDisconnect = [];
    if (now) disconnects.runNow(batch);
    else disconnects.enqueue(batch);
    onClose(this);
    log(`connection ${this.id} closed`);
  }
}

/** The Admin SDK acting as a user (`authvar`) or as nobody (`noauth`, or `authvar: null`). */
function adminOverride(body: Body): Identity | null {
  if (body.noauth === true) return ANONYMOUS;
  return 'authvar' in body ? identityFromOverride(body.authvar) : null;
}

function lacksIndex(spec: QuerySpec, indexOn: readonly string[]): boolean {
  if (spec.index.kind === 'child') return !indexOn.includes(spec.index.path.join('/'));
  return spec.index.kind === 'value' && !indexOn.includes('.value');
}

function hashOf(body: Body): { hash?: string } {
  return typeof body.h === 'string' ? { hash: body.h } : {};
}

function childrenOf(body: Body): Record<string, unknown> {
  if (typeof body.d !== 'object' || body.d === null || Array.isArray(body.d))
    throw new BadRequest('An update needs an object');
  return body.d as Record<string, unknown>;
}
