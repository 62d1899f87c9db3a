/**
 * Trusted mail code put together, once per process: the sender on its own database connection, SMTP, and the
 * limits of the public endpoints. The Cloud Functions (index.ts) and `vite preview` (vite.config.ts) both build
 * it here, from their own configuration (docs/production.md#email).
 */
import { adminMailDatabase } from './adminMailDatabase';
import type { MailDatabase } from './orderData';
import { callerLimit, rateLimit, type CallerLimit } from './rateLimit';
import { createMailSender, type MailSender } from './sender';
import { smtpTransport } from './smtp';
import type { PaymentsDatabase } from '../payments/settlePayment';
import { sendWaitingMail, type WaitingMailReport } from '../waitinglist/mail';

export interface MailSettings {
  smtpUrl: string;
  from: string;
  shopUrl: string;
  /** The database (TRUSTED_CODE_DATABASE_URL or the project's when absent). */
  databaseUrl?: string;
  /** Issues the documents orders wait for, as the sender reads the emails due (sender.ts, `beforeSending`). */
  issueDocuments?: () => Promise<unknown>;
}

export interface TrustedMail {
  db: MailDatabase;
  sender: MailSender;
  /** Find my order: five tries per person in ten minutes, a hundred per network. */
  findLimit: CallerLimit;
  /** The order page: plenty for a person, too few to try secrets (which are hopeless to guess anyway). */
  linkLimit: CallerLimit;
  /**
   * Sends the emails the waiting list owes (waitinglist/mail.ts) over this mail's server, reading and marking them
   * through trusted code's own connection `db` (the entries are the allocator's to write).
   */
  sendWaiting(db: PaymentsDatabase): Promise<WaitingMailReport>;
  /** Closes the database connection (tests). */
  close(): Promise<void>;
}

export function trustedMail(settings: MailSettings): TrustedMail {
  const db = adminMailDatabase(settings.databaseUrl);
  const transport = smtpTransport(settings.smtpUrl);
  const options = { shopUrl: settings.shopUrl, from: settings.from };
  return {
    db,
    sender: createMailSender(db, transport, {
      ...options,
      ...(settings.issueDocuments ? { beforeSending: settings.issueDocuments } : {}),
    }),
    sendWaiting: (trusted) => sendWaitingMail(trusted, transport, options),
    findLimit: callerLimit(rateLimit(5, 600_000), rateLimit(100, 600_000)),
    linkLimit: callerLimit(rateLimit(120, 600_000), rateLimit(2_000, 600_000)),
    close: db.close,
  };
}

/** Starts sending what is due, without waiting: a failure is logged, and the job waits for the next run. */
export function sendSoon(sender: MailSender): void {
  sender.drain().catch((error: unknown) => console.error('mail sender:', error));
}
