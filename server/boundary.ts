import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/**
 * Who may use the database from a web browser, and by which names it may be reached: the server believes any token
 * and takes `Bearer owner` as the admin, so a page the user merely visits must not be able to drive it. Checked
 * before anything else on every HTTP request and WebSocket upgrade (docs/security.md, "The local database and web
 * pages"):
 *
 * - **Host**: a name of this machine (an IP address, `localhost`, `<ns>.localhost`, the `--host` it listens on).
 *   Any other name is DNS rebinding: a page whose own name was pointed at this machine.
 * - **Origin**: absent (not a browser: Node SDKs, the CLI tools, curl), the server's own (some WebSocket clients
 *   outside browsers send it; the server serves no pages), or one of the app's origins: an app port on a loopback
 *   name or on the address the database was reached by, or an origin configured with --allow-origin. Anything else,
 *   `null` included, is refused whatever the credential: the Origin is the browser's word on who is asking.
 */

/** Ports the app is served on from this machine: vite preview (`npm start`), the Hosting emulator, vite dev. */
export const DEFAULT_APP_PORTS: readonly number[] = [4173, 5000, 5173];

export interface BoundaryOptions {
  /** The address the server listens on (`--host`): one more name it may be reached by. */
  host: string;
  /** Ports the app is served on from this machine, besides DEFAULT_APP_PORTS. */
  appPorts?: readonly number[];
  /** Other web origins whose pages may use the database (`--allow-origin`), e.g. `https://kiosk.example`. */
  allowedOrigins?: readonly string[];
  log: (line: string) => void;
}

/** The verdict on a request: refused with a status and why, or admitted with the browser origin to answer CORS to. */
export type Admission =
  { refused: true; status: 400 | 403; reason: string } | { refused: false; origin: string | null };

const ALLOWED_METHODS = 'GET, PUT, POST, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-HTTP-Method-Override, X-Firebase-ETag, If-Match, If-None-Match';
/** How many distinct refused hosts and origins are logged (a hostile page could otherwise fill the log). */
const LOGGED_REFUSALS = 100;

/** `host[:port]` as a Host header or an origin carries it: the name lowercased, IPv6 without brackets. */
function nameOf(host: string): string | null {
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?))(?::\d{1,5})?$/i.exec(host);
  if (!match) return null;
  return (match[1] ?? match[2] ?? '').toLowerCase();
}

function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** Whether `text` names a web origin (`scheme://host[:port]`, any case), as --allow-origin takes it. */
export function isWebOrigin(text: string): boolean {
  return parseOrigin(text.toLowerCase()) !== null;
}

/** A serialized origin (`scheme://host[:port]`), or null for anything else (`null`, a path, garbage). */
function parseOrigin(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.origin === text.toLowerCase() ? url : null;
  } catch {
    return null;
  }
}

export class Boundary {
  private readonly host: string;
  private readonly appPorts: ReadonlySet<number>;
  private readonly allowedOrigins: ReadonlySet<string>;
  private readonly logged = new Set<string>();

  constructor(private readonly options: BoundaryOptions) {
    this.host = options.host.replace(/^\[|\]$/g, '').toLowerCase();
    this.appPorts = new Set([...DEFAULT_APP_PORTS, ...(options.appPorts ?? [])]);
    this.allowedOrigins = new Set(
      (options.allowedOrigins ?? []).map((origin) => {
        const url = parseOrigin(origin.toLowerCase());
        if (!url) throw new Error(`"${origin}" is not a web origin (scheme://host[:port], e.g. https://kiosk.example)`);
        return url.origin;
      }),
    );
  }

  /** Whether a request (or WebSocket upgrade) with these headers may be served at all. */
  admit(headers: IncomingHttpHeaders): Admission {
    const host = headers.host ?? '';
    const name = nameOf(host);
    if (name === null) return this.refuse(400, `Malformed or missing Host header "${host.slice(0, 100)}"`);
    if (isIP(name) === 0 && !isLoopbackName(name) && name !== this.host) {
      return this.refuse(
        403,
        `Host "${host.slice(0, 100)}" is not a name of this database: only its IP addresses, localhost, ` +
          '<namespace>.localhost and its --host are served (anything else may be DNS rebinding)',
      );
    }
    const origin = headers.origin;
    if (origin === undefined) return { refused: false, origin: null };
    if (this.isAppOrigin(origin, host, name)) return { refused: false, origin };
    return this.refuse(
      403,
      `Origin "${origin.slice(0, 100)}" may not use this database: only the app's pages (ports ` +
        `${[...this.appPorts].join(', ')} of this machine) and origins given with --allow-origin may`,
    );
  }

  private isAppOrigin(origin: string, host: string, name: string): boolean {
    const url = parseOrigin(origin);
    if (!url) return false;
    if (this.allowedOrigins.has(url.origin)) return true;
    // Only a client outside a browser sends the server's own origin: the server serves no pages.
    if (url.host === host.toLowerCase() && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
    const originName = nameOf(url.host);
    return (
      url.protocol === 'http:' &&
      this.appPorts.has(Number(url.port || 80)) &&
      originName !== null &&
      (isLoopbackName(originName) || originName === name)
    );
  }

  private refuse(status: 400 | 403, reason: string): Admission {
    if (this.logged.size < LOGGED_REFUSALS && !this.logged.has(reason)) {
      this.logged.add(reason);
      this.options.log(`refused a request: ${reason}`);
    }
    return { refused: true, status, reason };
  }
}

/** CORS headers for every answer to an admitted browser origin (set before the handlers write theirs). */
export function allowOrigin(response: ServerResponse, origin: string): void {
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Expose-Headers', 'ETag');
  response.setHeader('Vary', 'Origin');
}

/**
 * Answers a preflight (OPTIONS) of an admitted request. A browser origin gets the methods and headers the REST API
 * takes, and, when it asks (Private Network Access: a public page reaching this machine), permission for that.
 */
export function answerPreflight(response: ServerResponse, headers: IncomingHttpHeaders, origin: string | null): void {
  const granted: Record<string, string> = { Allow: ALLOWED_METHODS };
  if (origin !== null) {
    granted['Access-Control-Allow-Methods'] = ALLOWED_METHODS;
    granted['Access-Control-Allow-Headers'] = ALLOWED_HEADERS;
    granted['Access-Control-Max-Age'] = '600';
    if (headers['access-control-request-private-network'] === 'true') {
      granted['Access-Control-Allow-Private-Network'] = 'true';
    }
  }
  response.writeHead(204, granted);
  response.end();
}
