import type { MemoryBudget } from '../limits';
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

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  pretty = false,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body, null, pretty ? 2 : undefined) ?? 'null';
  response.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  response.end(text);
}

/** A JSON answer already encoded, in pieces (big answers: see large-body.ts), written without joining them. */
export function sendJsonPieces(
  response: ServerResponse,
  status: number,
  pieces: readonly (string | Uint8Array)[],
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  for (const piece of pieces) response.write(piece);
  response.end();
}

export function sendEmpty(response: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  response.writeHead(status, headers);
  response.end();
}

export function sendError(response: ServerResponse, error: HttpError): void {
  sendJson(response, error.status, { error: error.message });
}

/**
 * The request body, refusing more than `limit` bytes, and (503) more than `budget` allows while other
 * bodies hold it. On success the caller holds `bytes` of the budget and gives them back when done.
 */
export function readBody(
  request: IncomingMessage,
  limit: number,
  budget: MemoryBudget,
): Promise<{ body: Buffer; bytes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const refuse = (error: HttpError): void => {
      budget.give(size);
      chunks.length = 0;
      request.off('data', receive);
      // The rest is read and thrown away, so that the client gets the answer instead of a reset connection.
      request.resume();
      reject(error);
    };
    const receive = (chunk: Buffer): void => {
      if (size + chunk.length > limit) return refuse(new HttpError(413, `Request body larger than ${limit} bytes`));
      if (!budget.take(chunk.length)) {
        return refuse(new HttpError(503, 'Server busy: too many large request bodies at once; retry later'));
      }
      size += chunk.length;
      chunks.push(chunk);
    };
    request.on('data', receive);
    request.once('end', () => resolve({ body: Buffer.concat(chunks), bytes: size }));
    request.once('error', (error) => refuse(new HttpError(400, `Request failed: ${error.message}`)));
  });
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

export const INVALID_JSON = "Invalid data; couldn't parse JSON object, array, or value.";

export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, INVALID_JSON);
  }
}
