import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Database, type PreparedWrite, type WriteRequest } from '../core/database';
import { ANONYMOUS, type Identity, identityFromOverride, identityFromToken, OWNER_TOKEN } from '../core/identity';
import { InvalidPathError, parsePath } from '../core/path';
import { nodeHash } from '../core/hash';
import { pushId } from '../core/push-id';
import { applyQuery, InvalidQueryError, parseRestQuery, rulesQuery } from '../core/query';
import { childKeys, toPlain, toReadable } from '../core/tree';
import type { ExportJson } from '../core/model';
import { parseJsonWithComments } from '../rules/json-with-comments';
import { RulesSyntaxError } from '../rules/types';
import type { Limits, MemoryBudget, OutgoingBudget } from '../limits';
import type { ListenRegistry } from '../protocol/listens';
import { startEventStream } from './stream';
import {
  HttpError,
  INVALID_JSON,
  parseJsonBody,
  PERMISSION_DENIED,
  readBody,
  sendEmpty,
  sendError,
  sendJson,
  sendJsonPieces,
} from './http';
import type { BodyWorker } from './large-body';

/** Bodies above this are prepared off the server's thread (see large-body.ts). */
const LARGE_BODY_BYTES = 1024 * 1024;

/** What the REST API needs from the server around it. */
export interface RestContext {
  db: Database;
  namespaceOf(url: URL, hostHeader: string | undefined): string;
  /** A namespace's rules as text (what GET /.settings/rules.json answers). */
  rulesText(namespace: string): string;
  /** Compiles and installs rules for one namespace; throws RulesSyntaxError, leaving the running rules. */
  replaceRules(namespace: string, text: string): void;
  log(line: string): void;
  limits: Limits;
  registry: ListenRegistry;
  outgoing: OutgoingBudget;
  /** Bytes of bodies being received or applied, all requests together. */
  restBodies: MemoryBudget;
  largeBodies: BodyWorker;
}

function credential(request: IncomingMessage, url: URL): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  const inUrl = url.searchParams.get('auth') ?? url.searchParams.get('access_token');
  // Any page can make a browser send a URL (a form, an image); a header only a script that CORS lets through.
  if (inUrl === OWNER_TOKEN) {
    throw new HttpError(401, 'The admin credential is accepted only in the Authorization header, never in the URL');
  }
  return inUrl;
}

function identityOf(request: IncomingMessage, url: URL): Identity {
  const token = credential(request, url);
  const override = url.searchParams.get('auth_variable_override');
  if (token === null && override === null) return ANONYMOUS;
  const identity = token === null ? ANONYMOUS : identityFromToken(token);
  if (!identity) throw new HttpError(401, 'Could not parse auth token.');
  if (override === null) return identity;
  // The admin SDKs (Python, Go, Java) act as a user this way; only an admin may speak for someone else.
  if (!identity.admin) throw new HttpError(403, 'auth_variable_override needs admin credentials');
  try {
    return identityFromOverride(JSON.parse(override));
  } catch {
    throw new HttpError(400, 'auth_variable_override must be JSON (an object, or null for signed out)');
  }
}

function methodOf(request: IncomingMessage, url: URL): string {
  // In the URL, it would turn a form's plain POST from any page into a PUT or DELETE.
  if (url.searchParams.has('x-http-method-override')) {
    throw new HttpError(400, 'The method override is accepted only as the X-HTTP-Method-Override header');
  }
  const override = request.headers['x-http-method-override'];
  const method = (request.method ?? 'GET').toUpperCase();
  return method === 'POST' && typeof override === 'string' ? override.toUpperCase() : method;
}

function dataPath(pathname: string): string[] {
  if (!pathname.endsWith('.json')) throw new HttpError(404, 'Not found: REST paths end in .json');
  try {
    const keys = pathname.slice(0, -'.json'.length).split('/').map(decodeURIComponent);
    return parsePath(keys.join('/'), true);
  } catch (error) {
    if (error instanceof InvalidPathError || error instanceof URIError) throw new HttpError(400, error.message);
    throw error;
  }
}

function isExport(url: URL): boolean {
  return url.searchParams.get('format') === 'export';
}

function render(value: ExportJson, url: URL): unknown {
  return isExport(url) ? value : toReadable(value);
}

function respond(
  response: ServerResponse,
  url: URL,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const print = url.searchParams.get('print');
  if (print === 'silent') return sendEmpty(response, 204, headers);
  sendJson(response, status, body, print === 'pretty', headers);
}

/** Firebase's conditional requests: the ETag of a location is the SDK's transaction hash of its value. */
function etagOf(value: ExportJson): string {
  return nodeHash(value) || NULL_ETAG;
}

const NULL_ETAG = 'null_etag';

function wantsEtag(request: IncomingMessage): boolean {
  return request.headers['x-firebase-etag'] === 'true' || typeof request.headers['if-none-match'] === 'string';
}

function etagHeaders(request: IncomingMessage, value: ExportJson): Record<string, string> {
  return wantsEtag(request) ? { ETag: etagOf(value) } : {};
}

/** Methods whose big bodies the worker prepares (see large-body.ts). */
const WORKER_METHODS = new Set(['PUT', 'POST', 'PATCH']);

const NOT_AN_OBJECT = () => new HttpError(400, 'PATCH needs a JSON object');

/** Answers a worker encoded already, by the key of the written part ('' for a set). */
type Answers = ReadonlyMap<string, Uint8Array>;

/** Handles one REST request (`/<path>.json`, `/.settings/rules.json`, `/.inspect/databases.json`). */
export async function handleRest(
  context: RestContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  try {
    const identity = identityOf(request, url);
    const method = methodOf(request, url);
    if (url.pathname === '/.settings/rules.json') {
      return await rulesEndpoint(context, request, response, url, identity, method);
    }
    if (url.pathname === '/.inspect/databases.json') {
      if (!identity.admin) throw PERMISSION_DENIED();
      return sendJson(
        response,
        200,
        [...context.db.namespaces.keys()].map((name) => ({ name })),
      );
    }
    const namespace = context.namespaceOf(url, request.headers.host);
    const path = dataPath(url.pathname);
    if (method === 'GET') return read(context, request, response, url, namespace, path, identity);
    const writeWith = (body: unknown, answers?: Answers) =>
      write(context, request, response, url, namespace, path, identity, method, body, answers);
    if (method === 'DELETE') return await writeWith(null);
    const { body, bytes } = await readBody(request, context.limits.restBody, context.restBodies);
    try {
      if (bytes <= LARGE_BODY_BYTES || !WORKER_METHODS.has(method) || path.at(-1) === '.priority') {
        return await writeWith(parseJsonBody(body.toString('utf8')));
      }
      const large = await context.largeBodies.prepare(body, {
        kind: method === 'PATCH' ? 'merge' : 'set',
        depth: path.length + (method === 'POST' ? 1 : 0),
        exportFormat: url.searchParams.get('format') === 'export',
        pretty: url.searchParams.get('print') === 'pretty',
      });
      if (large.status === 'invalid-json') throw new HttpError(400, INVALID_JSON);
      if (large.status === 'not-an-object') throw NOT_AN_OBJECT();
      if (large.status === 'invalid-data') throw new HttpError(400, large.message);
      await writeWith(large.value, large.status === 'prepared' ? large.answers : undefined);
    } finally {
      context.restBodies.give(bytes);
    }
  } catch (error) {
    if (!(error instanceof HttpError)) {
      context.log(`REST ${request.method} ${url.pathname} failed: ${(error as Error).stack ?? error}`);
      return sendError(response, new HttpError(500, 'Internal error'));
    }
    sendError(response, error);
  }
}

function read(
  context: RestContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  namespace: string,
  path: string[],
  identity: Identity,
): void {
  let spec;
  try {
    spec = parseRestQuery(url.searchParams);
  } catch (error) {
    if (error instanceof InvalidQueryError) throw new HttpError(400, error.message);
    throw error;
  }
  if (!context.db.canRead(namespace, path, identity, rulesQuery(spec))) throw PERMISSION_DENIED();
  // The ETag is the hash of the whole location, so a caller the rules let through only by its query must not
  // get it: it would confirm guesses about the children the query left out.
  if (spec && wantsEtag(request) && !context.db.canRead(namespace, path, identity)) {
    throw new HttpError(400, 'ETags need read access to the whole location, not only to this query');
  }
  if (request.headers.accept?.includes('text/event-stream')) {
    if (context.registry.size >= context.limits.listensInTotal) {
      throw new HttpError(503, 'Server busy: too many listens');
    }
    return startEventStream(context, response, identity, namespace, path, spec, isExport(url));
  }
  const stored = context.db.valueAt(namespace, path);
  if (request.headers['if-none-match'] === etagOf(stored)) return sendEmpty(response, 304, { ETag: etagOf(stored) });
  const value = spec ? applyQuery(stored, spec) : stored;
  if (url.searchParams.get('shallow') === 'true') {
    const keys = childKeys(value);
    const shallow = keys.length > 0 ? Object.fromEntries(keys.map((key) => [key, true])) : toPlain(value);
    return respond(response, url, 200, shallow, etagHeaders(request, stored));
  }
  respond(response, url, 200, render(value, url), etagHeaders(request, stored));
}

async function write(
  context: RestContext,
  httpRequest: IncomingMessage,
  response: ServerResponse,
  url: URL,
  namespace: string,
  path: string[],
  identity: Identity,
  method: string,
  body: unknown,
  answers?: Answers,
): Promise<void> {
  let request: WriteRequest;
  let answer: (prepared: PreparedWrite) => unknown;
  const writtenValue = (prepared: PreparedWrite) => render(prepared.ops[0]?.value ?? null, url);
  switch (method) {
    case 'PUT':
      request = { kind: 'set', path, value: body };
      answer = writtenValue;
      break;
    case 'DELETE':
      request = { kind: 'set', path, value: null };
      answer = () => null;
      break;
    case 'POST': {
      const name = pushId();
      request = { kind: 'set', path: [...path, name], value: body };
      answer = () => ({ name });
      break;
    }
    case 'PATCH':
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw NOT_AN_OBJECT();
      request = { kind: 'merge', path, children: body as Record<string, unknown> };
      answer = (prepared) =>
        Object.fromEntries(prepared.ops.map((op) => [op.path.slice(path.length).join('/'), render(op.value, url)]));
      break;
    default:
      throw new HttpError(405, `Method ${method} not allowed`);
  }
  const ifMatch = httpRequest.headers['if-match'];
  if (typeof ifMatch === 'string' && request.kind === 'set') {
    // Compared by the database after the rules, like a transaction's hash (see docs/local-database.md).
    request.hash = ifMatch === NULL_ETAG ? nodeHash(null) : ifMatch;
  }
  const written = await context.db.write(namespace, identity, request).catch((error: unknown) => {
    context.log(`REST ${httpRequest.method} ${url.pathname} not persisted: ${(error as Error).message}`);
    throw new HttpError(503, 'The write could not be persisted');
  });
  if ('status' in written) {
    if (written.status === 'permission_denied') throw PERMISSION_DENIED();
    if (written.status === 'datastale') {
      const current = context.db.valueAt(namespace, request.path);
      return sendJson(response, 412, render(current, url), false, { ETag: etagOf(current) });
    }
    throw new HttpError(400, written.message);
  }
  const headers = etagHeaders(httpRequest, context.db.valueAt(namespace, written.ops[0]?.path ?? path));
  const pieces = answers && request.kind !== 'set' ? mergeAnswer(request, written, answers, url) : answers?.get('');
  if (!pieces || method === 'POST' || url.searchParams.get('print') === 'silent') {
    return respond(response, url, 200, answer(written), headers);
  }
  sendJsonPieces(response, 200, Array.isArray(pieces) ? pieces : [pieces], headers);
}

/**
 * A merge's answer from the parts' encoded answers, as `answer` would build it: the written values by their path
 * relative to the location, in the order an object keeps those keys. Undefined when printed indented.
 */
function mergeAnswer(
  request: { path: readonly string[]; children: Record<string, unknown> },
  written: PreparedWrite,
  answers: Answers,
  url: URL,
): (string | Uint8Array)[] | undefined {
  if (url.searchParams.get('print') === 'pretty') return undefined;
  const keys = Object.keys(request.children);
  const relative = (op: { path: readonly string[] }) => op.path.slice(request.path.length).join('/');
  const byPath = Object.fromEntries(written.ops.map((op, index) => [relative(op), index]));
  const pieces: (string | Uint8Array)[] = [];
  for (const [path, index] of Object.entries(byPath)) {
    pieces.push(`${pieces.length === 0 ? '{' : ','}${JSON.stringify(path)}:`, answers.get(keys[index] ?? '') ?? 'null');
  }
  pieces.push(pieces.length === 0 ? '{}' : '}');
  return pieces;
}

async function rulesEndpoint(
  context: RestContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  identity: Identity,
  method: string,
): Promise<void> {
  if (!identity.admin) throw PERMISSION_DENIED();
  const namespace = context.namespaceOf(url, request.headers.host);
  if (method === 'GET') {
    const text = context.rulesText(namespace);
    if (text === '') throw new HttpError(404, 'The running rules were installed without their text');
    // firebase-admin's getRulesJSON() asks for strict JSON: the same rules without comments.
    if (url.searchParams.get('format') === 'strict') return sendJson(response, 200, parseJsonWithComments(text), true);
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(text);
    return;
  }
  if (method !== 'PUT') throw new HttpError(405, `Method ${method} not allowed on rules`);
  const { body, bytes } = await readBody(request, context.limits.restBody, context.restBodies);
  try {
    context.replaceRules(namespace, body.toString('utf8'));
  } catch (error) {
    if (error instanceof RulesSyntaxError) throw new HttpError(400, `Parse error in ${error.message}`);
    throw error;
  } finally {
    context.restBodies.give(bytes);
  }
  sendJson(response, 200, { status: 'ok' });
}
