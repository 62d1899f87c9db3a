import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Database, WriteRequest } from '../core/database';
import { ADMIN, ANONYMOUS, authFromClaims, type Identity, identityFromToken, OWNER_TOKEN } from '../core/identity';
import { isPrefix, parsePath } from '../core/path';
import { applyQuery, parseWireQuery, type QuerySpec, rulesQuery } from '../core/query';
import { encodeFrames, FrameAssembler, FrameError } from './frames';
import { type Listen, type ListenRegistry, overwriteFrames, queryWindow, type Subscriber, windowDigest } from './listens';

type Body = Record<string, unknown>;
type Status = { s: string; d?: unknown };

/** A request the client sent wrongly (as opposed to garbage, which closes the socket). */
class BadRequest extends Error {}

const OK: Status = { s: 'ok', d: {} };
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

function listenKey(path: readonly string[], tag: number | null): string {
  return `${path.join('/')}|${tag ?? 'default'}`;
}

function stablyKeyed(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object).sort().map((key) => `${JSON.stringify(key)}:${stablyKeyed(object[key])}`).join(',')}}`;
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
  /** Whether queued onDisconnect writes should run when this socket closes (not when the server shuts down). */
  runOnDisconnect: () => boolean;
}

/**
 * One WebSocket client for its whole life: handshake, requests processed strictly in arrival order, pushes,
 * and on close its listens dropped and its onDisconnect writes run.
 */
export class WireConnection implements Subscriber {
  identity: Identity = ANONYMOUS;
  private readonly listens = new Map<string, Listen>();
  private readonly onDisconnect: WriteRequest[] = [];
  private readonly frames = new FrameAssembler();
  private readonly id = randomBytes(6).toString('hex');

  constructor(
    private readonly ws: WebSocket,
    private readonly options: ConnectionOptions,
  ) {
    const { log, namespace } = options;
    log(`connection ${this.id} opened (ns=${namespace})`);
    ws.on('message', (data, isBinary) => {
      try {
        if (isBinary) this.garbage('binary frame');
        else this.receive(data.toString());
      } catch (error) {
        // A bug must cost this connection, not the server and everyone else on it.
        log(`connection ${this.id} failed: ${(error as Error).stack ?? error}`);
        ws.terminate();
      }
    });
    ws.on('close', () => this.closed());
    ws.on('error', (error) => log(`connection ${this.id} error: ${error.message}`));
    this.send({ t: 'c', d: { t: 'h', d: { ts: Date.now(), v: '5', h: options.host, s: this.id } } });
  }

  sendFrames(frames: readonly Buffer[]): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      // A client that stopped reading would otherwise make the server buffer every push for it, without end.
      this.options.log(`connection ${this.id} dropped: over ${MAX_BUFFERED_BYTES} bytes waiting to be sent`);
      this.ws.terminate();
      return;
    }
    for (const frame of frames) this.ws.send(frame, { binary: false });
  }

  revoked(listen: Listen): void {
    this.listens.delete(listenKey(listen.path, listen.query?.tag ?? null));
    const body: Body = { p: listen.path.join('/') };
    if (listen.query) body.q = [listen.query.wire];
    this.push('c', body);
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
  }

  private receive(frame: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return; // frames still arriving after we closed on garbage
    let text: string | null;
    try {
      text = this.frames.push(frame);
    } catch (error) {
      if (error instanceof FrameError) return this.garbage(error.message);
      throw error;
    }
    if (text === null) return;
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
        return this.reply(request, this.queueOnDisconnect({ kind: 'merge', path: pathOf(body), children: childrenOf(body) }));
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
    let query: Listen['query'] = null;
    if (tag !== null) {
      try {
        query = { spec: parseWireQuery(body.q), tag, wire: body.q, key: stablyKeyed(body.q) };
      } catch (error) {
        throw new BadRequest((error as Error).message);
      }
    }
    const { db, registry, namespace } = this.options;
    const key = listenKey(path, tag);
    const previous = this.listens.get(key);
    if (previous) registry.remove(previous);
    const listen: Listen = { subscriber: this, namespace, path, query, lastWindow: null };
    if (!registry.allowed(listen)) {
      this.listens.delete(key);
      return { s: 'permission_denied', d: 'Permission denied' };
    }
    if (query) {
      const window = queryWindow(db.valueAt(namespace, []), listen);
      listen.lastWindow = windowDigest(window);
      this.sendFrames(overwriteFrames(path, window, query.tag));
    } else {
      this.sendFrames(overwriteFrames(path, JSON.stringify(db.valueAt(namespace, path))));
    }
    this.listens.set(key, listen);
    registry.add(listen);
    // Like Firebase, say when a query has no ".indexOn": the SDK then logs how to add one.
    return query && lacksIndex(query.spec, db.ruleSet.indexOn(path)) ? { s: 'ok', d: { w: ['no_index'] } } : OK;
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
    let spec;
    try {
      spec = typeof wire === 'object' && wire !== null && Object.keys(wire).length > 0 ? parseWireQuery(wire) : null;
    } catch (error) {
      throw new BadRequest((error as Error).message);
    }
    const { db, namespace } = this.options;
    if (!db.canRead(namespace, path, this.identity, rulesQuery(spec))) return { s: 'permission_denied', d: 'Permission denied' };
    const value = db.valueAt(namespace, path);
    return { s: 'ok', d: spec ? applyQuery(value, spec) : value };
  }

  private queueOnDisconnect(request: WriteRequest): Status {
    const checked = this.options.db.prepare(this.options.namespace, this.identity, request);
    if ('status' in checked) return { s: checked.status, d: checked.message };
    this.onDisconnect.push(request);
    return OK;
  }

  private cancelOnDisconnect(path: readonly string[]): Status {
    for (let i = this.onDisconnect.length - 1; i >= 0; i--) {
      if (isPrefix(path, (this.onDisconnect[i] as WriteRequest).path)) this.onDisconnect.splice(i, 1);
    }
    return OK;
  }

  private authenticate(body: Body): Status {
    if (typeof body.cred !== 'string') throw new BadRequest('Missing credential');
    let identity = identityFromToken(body.cred);
    if (identity === null) return { s: 'invalid_token', d: 'Could not parse auth token.' };
    if (identity.admin && body.cred === OWNER_TOKEN) identity = adminOverride(body) ?? ADMIN;
    this.setIdentity(identity);
    return { s: 'ok', d: { auth: identity.admin ? null : (identity.auth?.token ?? null) } };
  }

  private setIdentity(identity: Identity): void {
    this.identity = identity;
    this.options.registry.recheck(this.listens.values());
  }

  private closed(): void {
    const { registry, db, namespace, log } = this.options;
    for (const listen of this.listens.values()) registry.remove(listen);
    this.listens.clear();
    if (this.options.runOnDisconnect()) {
      for (const request of this.onDisconnect) {
        db.write(namespace, this.identity, request).then(
          (outcome) => {
            if ('status' in outcome) log(`connection ${this.id} onDisconnect write refused: ${outcome.message}`);
          },
          (error: Error) => log(`onDisconnect write failed: ${error.message}`),
        );
      }
    }
    this.onDisconnect.length = 0;
    log(`connection ${this.id} closed`);
  }
}

/** The Admin SDK acting as a user (`authvar`) or as nobody (`noauth`). */
function adminOverride(body: Body): Identity | null {
  if (body.noauth === true) return ANONYMOUS;
  if (typeof body.authvar === 'object' && body.authvar !== null) {
    return { admin: false, auth: authFromClaims(body.authvar as Record<string, unknown>) };
  }
  return null;
}

function lacksIndex(spec: QuerySpec, indexOn: readonly string[]): boolean {
  if (spec.index.kind === 'child') return !indexOn.includes(spec.index.path.join('/'));
  return spec.index.kind === 'value' && !indexOn.includes('.value');
}

function hashOf(body: Body): { hash?: string } {
  return typeof body.h === 'string' ? { hash: body.h } : {};
}

function childrenOf(body: Body): Record<string, unknown> {
  if (typeof body.d !== 'object' || body.d === null || Array.isArray(body.d)) throw new BadRequest('An update needs an object');
  return body.d as Record<string, unknown>;
}
