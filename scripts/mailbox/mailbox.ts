/**
 * The local mailbox: an SMTP server that keeps what it receives, and a web inbox to read it, for `npm start`,
 * `npm run start:firebase` and the e2e suites (docs/email.md#the-local-mailbox). Built on nodemailer's own
 * smtp-server and mailparser rather than a packaged mail catcher: two small, well-kept libraries of the same
 * project as the sender, against a catcher's web framework and socket stack that we would not use.
 *
 * Messages live in memory, the newest few hundred. The inbox: / lists them, /messages/{id} shows one (its HTML
 * with its Content-ID images), and /api/messages (JSON), /api/messages/{id}.eml (the raw message) serve tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { escapeHtml } from '../../src/lib/escapeHtml';

export interface MailboxOptions {
  host?: string;
  smtpPort: number;
  webPort: number;
  /** Recipients the SMTP server refuses for good (550), as a real server refuses an unknown address. */
  refuse?: RegExp;
}

interface StoredMail {
  id: string;
  received: number;
  /** Whom the SMTP envelope named: where the message really went, whatever its headers say. */
  recipients: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface Mailbox {
  smtpPort: number;
  webPort: number;
  inboxUrl: string;
  /** The last 300 messages, oldest first. */
  messages(): readonly StoredMail[];
  /** How many messages it took since it started, kept or not. */
  received(): number;
  close(): Promise<void>;
}

const KEEP = 300;
const MAX_SIZE = 25 * 1024 * 1024;

function summary(mail: StoredMail) {
  const to = mail.parsed.to;
  return {
    id: mail.id,
    received: mail.received,
    messageId: mail.parsed.messageId ?? null,
    from: mail.parsed.from?.text ?? '',
    to: (Array.isArray(to) ? to : to ? [to] : []).flatMap((a) => a.value.map((v) => v.address ?? '')),
    recipients: mail.recipients,
    subject: mail.parsed.subject ?? '',
    attachments: mail.parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType })),
  };
}

/** The message's HTML with its cid: images pointing at the inbox, so it shows as a mail client shows it. */
function htmlOf(mail: StoredMail): string {
  const html =
    typeof mail.parsed.html === 'string' ? mail.parsed.html : `<pre>${escapeHtml(mail.parsed.text ?? '')}</pre>`;
  return html.replace(/src="cid:([^"]+)"/g, (_all, cid: string) => {
    const index = mail.parsed.attachments.findIndex((a) => a.cid === cid);
    return `src="/api/messages/${mail.id}/attachments/${index}"`;
  });
}

export async function startMailbox(options: MailboxOptions): Promise<Mailbox> {
  const host = options.host ?? '127.0.0.1';
  const stored: StoredMail[] = [];
  // Kept in memory only: the page says since when, so an inbox emptied by a restart is not taken for lost mail.
  const started = new Date();
  let next = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_SIZE,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.test(address.address)) {
        const error = Object.assign(new Error(`5.1.1 <${address.address}>: recipient address rejected`), {
          responseCode: 550,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw, { keepCidLinks: true }).then(
          (parsed) => {
            const recipients = session.envelope.rcptTo.map((to) => to.address);
            stored.push({ id: String(next++), received: Date.now(), recipients, raw, parsed });
            if (stored.length > KEEP) stored.shift();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://inbox');
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(body);
    };
    const find = (id: string) => stored.find((mail) => mail.id === id);
    let match: RegExpMatchArray | null;
    if (request.method === 'DELETE' && url.pathname === '/api/messages') {
      stored.length = 0;
      return send(204, 'text/plain', '');
    }
    if (url.pathname === '/api/messages') {
      return send(200, 'application/json', JSON.stringify(stored.map(summary).reverse()));
    }
    if ((match = url.pathname.match(/^\/api\/messages\/(\d+)\.eml$/)) && find(match[1]!)) {
      return send(200, 'message/rfc822', find(match[1]!)!.raw);
    }
    if ((match = url.pathname.match(/^\/api\/messages\/(\d+)\/attachments\/(\d+)$/))) {
      const attachment = find(match[1]!)?.parsed.attachments[Number(match[2])];
      if (attachment) return send(200, attachment.contentType, attachment.content);
    }
    if ((match = url.pathname.match(/^\/messages\/(\d+)$/)) && find(match[1]!)) {
      return send(200, 'text/html; charset=utf-8', htmlOf(find(match[1]!)!));
    }
    if (url.pathname === '/') {
      const rows = [...stored]
        .reverse()
        .map((mail) => {
          const s = summary(mail);
          return `<tr><td>${new Date(s.received).toLocaleString()}</td><td>${escapeHtml(s.to.join(', '))}</td><td><a href="/messages/${s.id}">${escapeHtml(s.subject || '(no subject)')}</a></td><td><a href="/api/messages/${s.id}.eml">raw</a></td></tr>`;
        })
        .join('');
      return send(
        200,
        'text/html; charset=utf-8',
        `<!doctype html><meta charset="utf-8"><title>Local mailbox</title><style>body{font:15px system-ui;margin:2rem}td,th{padding:.3rem .6rem;text-align:left;border-bottom:1px solid #ddd}</style><h1>Local mailbox</h1><p>Mail the shop sent on this machine (nothing leaves it). Newest first.</p><p>Kept in memory since this mailbox started, ${started.toISOString().replace('T', ' ').slice(0, 19)} UTC: a restart (of <code>npm start</code>) empties it. What was sent stays recorded beside each order in the database, and the desk shows it.</p><table><tr><th>Received</th><th>To</th><th>Subject</th><th></th></tr>${rows || '<tr><td colspan="4">No mail yet.</td></tr>'}</table>`,
      );
    }
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(options.webPort, host, () => resolve());
  });
  const webPort = (web.address() as AddressInfo).port;
  return {
    smtpPort,
    webPort,
    inboxUrl: `http://localhost:${webPort}`,
    messages: () => stored,
    received: () => next - 1,
    close: async () => {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => web.close(() => resolve())),
      ]);
    },
  };
}
