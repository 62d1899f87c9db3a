import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { DatabaseServer } from '../../../server/server';
import { NAMESPACE } from './protocol-harness';

export type Message = { t: string; d: Record<string, unknown> };

/** A bare WebSocket speaking the wire protocol, for what the SDK never sends (or hides). */
export interface RawClient {
  /** Every message received so far (frames reassembled). */
  readonly messages: Message[];
  /** How many messages arrived split into counted frames. */
  readonly splitMessages: number;
  readonly closed: Promise<number>;
  sendText(text: string): void;
  /** Runs `send` with the socket corked, so that what it sends leaves in one write and arrives together. */
  corked(send: () => void): void;
  request(action: string, body: unknown): Promise<{ s: string; d?: unknown }>;
  /** The next message satisfying `match`, after the one the previous call returned. */
  next(match: (message: Message) => boolean, timeoutMs?: number): Promise<Message>;
  close(): void;
}

/** `lastSession`: the session id of an earlier connection, as a reconnecting SDK sends it (`ls`). */
export async function rawClient(
  server: DatabaseServer,
  namespace = NAMESPACE,
  lastSession?: string,
): Promise<RawClient> {
  const ls = lastSession === undefined ? '' : `&ls=${lastSession}`;
  const ws = new WebSocket(`ws://${server.host}:${server.port}/.ws?v=5&ns=${namespace}${ls}`);
  const messages: Message[] = [];
  const waiters: (() => void)[] = [];
  let pending: string[] | null = null;
  let expected = 0;
  let split = 0;
  ws.on('message', (data) => {
    const text = data.toString();
    if (pending === null && /^\d{1,6}$/.test(text)) {
      expected = Number(text);
      pending = [];
      split++;
      return;
    }
    let complete = text;
    if (pending !== null) {
      pending.push(text);
      if (pending.length < expected) return;
      complete = pending.join('');
      pending = null;
    }
    messages.push(JSON.parse(complete) as Message);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextRequest = 0;
  let cursor = 0;
  /** The first message from `from` on that matches, waiting for it if need be; resolves with its index. */
  const find = (from: number, match: (message: Message) => boolean, timeoutMs: number) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching message')), timeoutMs);
      let index = from;
      const look = () => {
        for (; index < messages.length; index++) {
          if (match(messages[index] as Message)) {
            clearTimeout(timer);
            return resolve(index);
          }
        }
        waiters.push(look);
      };
      look();
    });
  const client: RawClient = {
    messages,
    get splitMessages() {
      return split;
    },
    closed,
    sendText: (text) => ws.send(text),
    corked: (send) => {
      const socket = (ws as unknown as { _socket: Socket })._socket;
      socket.cork();
      send();
      socket.uncork();
    },
    next: async (match, timeoutMs = 5000) => {
      const index = await find(cursor, match, timeoutMs);
      cursor = index + 1;
      return messages[index] as Message;
    },
    request: async (action, body) => {
      const r = ++nextRequest;
      ws.send(JSON.stringify({ t: 'd', d: { r, a: action, b: body } }));
      const index = await find(0, (message) => message.t === 'd' && message.d.r === r, 5000);
      return (messages[index] as Message).d.b as { s: string; d?: unknown };
    },
    close: () => ws.close(),
  };
  return client;
}

/** An unsigned JWT shaped like the Auth emulator's ID tokens. */
export function emulatorIdToken(uid: string, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: 'https://securetoken.google.com/demo-storefront',
    aud: 'demo-storefront',
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

/** The path of a data push (as "/a/b"), or undefined for any other message. */
export function pushedPath(message: Message): string | undefined {
  const body = message.d.b as { p?: unknown } | undefined;
  if (message.t !== 'd' || message.d.a === undefined || typeof body?.p !== 'string') return undefined;
  return `/${body.p.replace(/^\//, '')}`;
}

/** The paths of the data pushes a client received, in order (for a root listener: the order writes landed). */
export function pushedPaths(client: RawClient): string[] {
  return client.messages.flatMap((message) => pushedPath(message) ?? []);
}
