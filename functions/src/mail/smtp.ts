/**
 * Sending over SMTP with nodemailer. The server is named by one URL, SMTP_URL (smtp://user:password@host:587, or
 * smtps:// for port 465): the one value any provider gives, held as a Cloud Functions secret in production
 * (index.ts) and pointing at the local mailbox on one machine (scripts/mailbox/). Timeouts stay well inside the
 * sender's lease (sender.ts), so a job is never sent by two senders at once.
 */
import { createTransport } from 'nodemailer';
import type { MailTransport } from './sender';

export function smtpTransport(url: string): MailTransport {
  const transport = createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    // Never logs message bodies: they hold ticket codes and the order's secret link.
    logger: false,
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
  };
}
