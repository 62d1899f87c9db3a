import type { IncomingMessage, ServerResponse } from 'node:http';

/** An answer with an HTTP status, thrown or returned by REST handlers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const PERMISSION_DENIED = () => new HttpError(401, 'Permission denied');

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, PUT, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-HTTP-Method-Override, X-Firebase-ETag, If-Match',
  'Access-Control-Expose-Headers': 'ETag',
};

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  pretty = false,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body, null, pretty ? 2 : undefined) ?? 'null';
  response.writeHead(status, { ...CORS_HEADERS, ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  response.end(text);
}

export function sendEmpty(response: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...CORS_HEADERS, ...headers });
  response.end();
}

export function sendError(response: ServerResponse, error: HttpError): void {
  sendJson(response, error.status, { error: error.message });
}

/** The request body as text, refusing more than `limit` bytes. */
export async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `Request body larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's URL; null when the request line cannot be parsed (answered 400, never a crash). */
export function requestUrl(request: IncomingMessage): URL | null {
  const target = request.url ?? '/';
  try {
    // Prefixing keeps "//x.json" a path (new URL(target, base) would read "x.json" as a host name).
    return new URL(`http://localhost${target.startsWith('/') ? target : `/${target}`}`);
  } catch {
    return null;
  }
}

export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Invalid data; couldn't parse JSON object, array, or value.");
  }
}
