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

const MAX_BODY = 4096;

/** A request's body as sent, up to `max` bytes (a webhook's signature is over these bytes); undefined beyond. */
export async function readRawBody(request: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > max) return undefined;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** A small JSON request body (the mail endpoints take a few fields); undefined when absent or not JSON. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  if (request.method !== 'POST') return undefined;
  const raw = await readRawBody(request, MAX_BODY);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
