/**
 * Trusted mail code's settings on one machine (`vite preview` under `npm start`, and the e2e suites): the local
 * mailbox's SMTP server unless SMTP_URL names another (scripts/mailbox/), and this machine's shop address for
 * links. Node only, no Firebase: vite.config.ts imports it directly.
 */
import type { IncomingMessage } from 'node:http';
import type { MailSettings } from './trustedMail';

/** The local mailbox's SMTP port, and its web inbox's (DESIGN.md's contract: 1025 and 1080). */
export const LOCAL_SMTP_PORT = 1025;
export const LOCAL_INBOX_PORT = 1080;
/** How often the local stack retries mail that is due (production: Cloud Scheduler, functions/src/index.ts). */
export const MAIL_RETRY_MS = 30_000;

export function localMailSettings(env: NodeJS.ProcessEnv = process.env): Omit<MailSettings, 'databaseUrl'> {
  return {
    smtpUrl: env.SMTP_URL || `smtp://127.0.0.1:${LOCAL_SMTP_PORT}`,
    from: env.MAIL_FROM || 'tickets@storefront.test',
    shopUrl: env.TRUSTED_CODE_SHOP_URL || 'http://localhost:4173',
  };
}

/** What the body readers give for a body over its limit. */
export const TOO_LARGE = Symbol('over the limit');

/** How much more than its limit a body is read and thrown away, so that its sender gets the 413, before the connection is cut. */
const DRAIN_FACTOR = 32;

/**
 * A request's body as sent, up to `max` bytes (a webhook's signature is over these bytes), or TOO_LARGE beyond:
 * the rest is then read and dropped (up to 32 times the limit, after which the connection is cut) so that the
 * sender, still writing, gets the answer rather than a reset connection.
 */
export function readRawBody(request: IncomingMessage, max: number): Promise<Buffer | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer | string) => {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += bytes.length;
      if (size <= max) chunks.push(bytes);
      else if (size > max * DRAIN_FACTOR) request.destroy();
    });
    request.on('end', () => resolve(size > max ? TOO_LARGE : Buffer.concat(chunks)));
    request.on('error', reject);
    // Cut off (by its sender, or here past the drain): nothing can be answered. Ignored once it has ended.
    request.on('close', () => reject(new Error('the request was closed before its body ended')));
  });
}

/** A small JSON request body (trusted code's endpoints take a few fields): undefined when absent or not JSON. */
export async function readJsonBody(request: IncomingMessage, max: number): Promise<unknown> {
  if (request.method !== 'POST') return undefined;
  const raw = await readRawBody(request, max);
  if (raw === TOO_LARGE) return raw;
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
