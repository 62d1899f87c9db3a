/**
 * The local Realtime Database server: one HTTP server carrying the SDK's WebSocket protocol (`/.ws`, v5) and the
 * REST API (`/<path>.json`, `/.settings/rules.json`, `/.inspect/databases.json`). Long polling (`/.lp`) is not
 * served: it answers 400 at once, and the app forces WebSockets against this server.
 *
 * Error statuses a WebSocket request can get besides Firebase's own (permission_denied, datastale,
 * invalid_token, unavailable): invalid_request (malformed request, bad path, unknown action or query field),
 * invalid_data (bad key, too deep, bad server value, overlapping update paths, a number that is not finite),
 * too_many_listens, too_many_writes (onDisconnect), internal_error. Garbage (unparseable JSON, binary frames, a
 * frame over 64 KB, a message over 16 MB, more half-sent data than the server holds) closes that socket only.
 * What is bounded and why: docs/local-database.md. Every request and WebSocket upgrade is first checked against the
 * boundary of boundary.ts (which host names are served, which web pages may use the database).
 */
import { createServer, type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { allowOrigin, answerPreflight, Boundary } from './boundary';
import { Database } from './core/database';
import { ADMIN } from './core/identity';
import { DEFAULT_LIMITS, type Limits, MemoryBudget, OutgoingBudget } from './limits';
import { parsePath } from './core/path';
import { MemoryPersistence } from './persistence/memory';
import type { Persistence } from './core/model';
import { type ConnectionOptions, WireConnection } from './protocol/connection';
import { DisconnectWrites } from './protocol/disconnects';
import { FairTurns } from './protocol/turns';
import { MAX_FRAME_CHARS } from './protocol/frames';
import { ListenRegistry } from './protocol/listens';
import { handleRest } from './rest/handler';
import { requestUrl, sendJson } from './rest/http';
import { BodyWorker } from './rest/large-body';
import { ALLOW_ALL, compileRules, type RuleSet } from './rules/index';

/** The namespace used when a request names none (`<project id>-default-rtdb` of the demo project). */
export const DEFAULT_NAMESPACE = 'demo-storefront-default-rtdb';

/** How often sockets are pinged; one that has not answered the previous ping is dropped (its onDisconnect runs). */
const HEARTBEAT_MS = 30_000;

const OPEN_RULES_TEXT = '{\n  "rules": {\n    ".read": true,\n    ".write": true\n  }\n}\n';
const NAMESPACE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export interface DatabaseServerOptions {
  host?: string;
  /** Default 9000; 0 picks a free port. */
  port?: number;
  /** Default: everything allowed (ALLOW_ALL), like a fresh emulator; pass compiled database.rules.json to enforce. */
  rules?: RuleSet;
  /** The text `rules` was compiled from, answered by GET /.settings/rules.json. */
  rulesText?: string;
  /** Default: a fresh MemoryPersistence (nothing survives the process). */
  persistence?: Persistence;
  /** One line per connection and per error. */
  log?: (line: string) => void;
  /** Lower bounds than DEFAULT_LIMITS (tests use small ones). */
  limits?: Partial<Limits>;
  /** Ports the app is served on from this machine besides DEFAULT_APP_PORTS: their pages may use the database. */
  appPorts?: readonly number[];
  /** Other web origins whose pages may use the database, e.g. `https://kiosk.example` (see boundary.ts). */
  allowedOrigins?: readonly string[];
}

export interface DatabaseServer {
  readonly host: string;
  readonly port: number;
  /** e.g. http://127.0.0.1:9000 */
  readonly url: string;
  /** Replace the rules of every namespace (as PUT /.settings/rules.json does). */
  setRules(rules: RuleSet, text?: string): void;
  /** Admin write (bypasses rules) through the normal pipeline: persisted, pushed to listeners. */
  set(namespace: string, path: string, value: unknown): Promise<void>;
  /** Stops accepting, runs nothing more, closes sockets, flushes and closes persistence. */
  close(): Promise<void>;
}

function namespaceOf(url: URL, hostHeader: string | undefined): string {
  const explicit = url.searchParams.get('ns');
  if (explicit !== null) {
    if (!NAMESPACE_PATTERN.test(explicit)) throw new Error(`Invalid namespace "${explicit}"`);
    return explicit;
  }
  // <ns>.localhost:9000, as with <ns>.firebaseio.com; an IP address or plain "localhost" names nothing.
  const hostname = (hostHeader ?? '').replace(/:\d+$/, '');
  const labels = hostname.split('.');
  const first = labels[0] ?? '';
  if (labels.length > 1 && !/^\d+$/.test(labels[labels.length - 1] ?? '') && NAMESPACE_PATTERN.test(first))
    return first;
  return DEFAULT_NAMESPACE;
}

/** Answers a WebSocket upgrade that is not served with a plain HTTP error, and closes the socket. */
function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = Buffer.from(`${reason}\n`);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${body.length}\r\n\r\n${body.toString()}`,
  );
}

export async function startDatabaseServer(options: DatabaseServerOptions = {}): Promise<DatabaseServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const boundary = new Boundary({ host, appPorts: options.appPorts, allowedOrigins: options.allowedOrigins, log });
  const persistence = options.persistence ?? new MemoryPersistence();
  const db = new Database(persistence, await persistence.load(), options.rules ?? ALLOW_ALL);
  persistence.attach(() => db.namespaces);
  db.createNamespace(DEFAULT_NAMESPACE);
  const registry = new ListenRegistry(db);
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const held = new MemoryBudget(limits.heldInTotal);
  const outgoing = new OutgoingBudget(limits.outgoingPerClient, limits.outgoingInTotal);
  const disconnects = new DisconnectWrites(db, limits.onDisconnectPerTurn, () => !closing, log);
  const restBodies = new MemoryBudget(limits.restBodiesInTotal);
  const largeBodies = new BodyWorker();
  /** Open connections by session id, for a client that names its stale session when it reconnects (`ls`). */
  const sessions = new Map<string, WireConnection>();
  const connectionParts: Omit<ConnectionOptions, 'namespace' | 'host'> = {
    db,
    registry,
    log,
    limits,
    held,
    outgoing,
    disconnects,
    turns: new FairTurns(limits.messagesPerTurnMs),
    onClose: (closed) => sessions.delete(closed.id),
  };
  let rulesText = options.rulesText ?? (options.rules && options.rules !== ALLOW_ALL ? '' : OPEN_RULES_TEXT);
  const namespaceRulesText = new Map<string, string>();
  let closing = false;

  const setRules = (rules: RuleSet, text?: string): void => {
    db.setRules(rules);
    rulesText = text ?? '';
    namespaceRulesText.clear();
  };

  const http = createServer((request, response) => {
    const admission = boundary.admit(request.headers);
    if (admission.refused) return sendJson(response, admission.status, { error: admission.reason });
    if (admission.origin !== null) allowOrigin(response, admission.origin);
    if (request.method === 'OPTIONS') return answerPreflight(response, request.headers, admission.origin);
    const url = requestUrl(request);
    if (!url) return sendJson(response, 400, { error: 'Malformed request URL' });
    if (url.pathname === '/.lp' || url.pathname === '/.ws') {
      // Long polling is not served: the app forces WebSockets (forceWebSockets()) against this server.
      return sendJson(response, 400, {
        error: `${url.pathname} is a WebSocket/long-poll endpoint; this server speaks WebSockets only (use forceWebSockets())`,
      });
    }
    void handleRest(
      {
        db,
        namespaceOf,
        rulesText: (namespace) => namespaceRulesText.get(namespace) ?? rulesText,
        replaceRules: (namespace, text) => {
          db.setRules(compileRules(text), namespace);
          namespaceRulesText.set(namespace, text);
        },
        log,
        limits,
        registry,
        outgoing,
        restBodies,
        largeBodies,
      },
      request,
      response,
      url,
    );
  });

  const sockets = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false, // per-connection zlib state would cost far more memory than it saves locally
    maxPayload: MAX_FRAME_CHARS * 4,
  });
  // Finds peers that vanished without closing TCP (a sleeping laptop), so their onDisconnect writes still run.
  const unanswered = new WeakSet<WebSocket>();
  const heartbeat = setInterval(() => {
    for (const client of sockets.clients) {
      if (unanswered.has(client)) {
        client.terminate();
        continue;
      }
      unanswered.add(client);
      client.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // WebSockets are not subject to CORS: a page of any origin may open one, so the boundary is checked here too.
    const admission = boundary.admit(request.headers);
    if (admission.refused) return refuseUpgrade(socket, admission.status, admission.reason);
    const url = requestUrl(request);
    let namespace: string;
    try {
      if (url?.pathname !== '/.ws') throw new Error('WebSocket connections go to /.ws');
      namespace = namespaceOf(url, request.headers.host);
    } catch (error) {
      log(`refused WebSocket ${request.url}: ${(error as Error).message}`);
      return refuseUpgrade(socket, 400, (error as Error).message);
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      ws.on('pong', () => unanswered.delete(ws));
      // Like Firebase, a reconnecting client's previous session is closed at once and its onDisconnect writes
      // run now, before the new session's own writes (its presence), not when the old socket times out.
      const stale = sessions.get(url?.searchParams.get('ls') ?? '');
      if (stale?.namespace === namespace) stale.replaced();
      // Only namespace and host are the connection's own; the rest is inherited from one shared object, which
      // keeps each of thousands of idle connections a few dozen bytes smaller.
      const own: ConnectionOptions = Object.create(connectionParts) as ConnectionOptions;
      own.namespace = namespace;
      own.host = request.headers.host ?? `${host}:${port}`;
      const connection = new WireConnection(ws, socket, own);
      sessions.set(connection.id, connection);
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 9000, host, () => resolve());
  });
  http.on('error', (error) => log(`server error: ${error.message}`));
  const address = http.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 9000);

  return {
    host,
    port,
    url: `http://${host}:${port}`,
    setRules,
    set: async (namespace, path, value) => {
      const outcome = await db.write(namespace, ADMIN, { kind: 'set', path: parsePath(path, true), value });
      if ('status' in outcome) throw new Error(`Write refused: ${outcome.message}`);
    },
    close: async () => {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      const httpClosed = new Promise<void>((resolve) => http.close(() => resolve()));
      for (const client of sockets.clients) client.terminate();
      http.closeAllConnections();
      await httpClosed;
      sockets.close();
      await largeBodies.close();
      await persistence.close();
    },
  };
}
