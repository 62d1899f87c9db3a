/**
 * Big REST bodies off the server's thread (docs/local-database.md, "Big values"). Parsing, checking and encoding
 * tens of megabytes of JSON takes hundreds of milliseconds; done on the server's thread, every other client would
 * wait that long. A worker thread does it (body-worker.ts) and hands back slices, which the server's thread
 * puts together one turn of the event loop at a time, between everyone else's work.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { assembleSlices } from '../core/json-slices';
import { PreparedValue } from '../core/database';
import type { ExportJson } from '../core/model';
import type { BodyJob, BodyOutcome, PreparedPart } from './body-worker';

type Reply = { id: number; outcome: BodyOutcome } | { id: number; error: string };

/** What the server's thread gets: the value to write (PreparedValues inside, or raw JSON) and its answer. */
export type LargeBody =
  | { status: 'invalid-json' }
  | { status: 'not-an-object' }
  | { status: 'invalid-data'; message: string }
  | { status: 'raw'; value: unknown }
  /** `value`: a PreparedValue (set), or children that are (merge); `answers`: each part's answer by key. */
  | { status: 'prepared'; value: unknown; answers: ReadonlyMap<string, Uint8Array> };

// The server's TypeScript runs through tsx: the worker registers it before it loads its own module.
const TSX_PACKAGE = createRequire(import.meta.url).resolve('tsx/package.json');
const TSX_API = pathToFileURL(TSX_PACKAGE.replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
const WORKER_SCRIPT = new URL('./body-worker.ts', import.meta.url).href;
const BOOTSTRAP =
  `import(${JSON.stringify(TSX_API)})` +
  `.then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_SCRIPT)}); });`;

/** One worker, started with the first big body, taking bodies one after another. */
export class BodyWorker {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private lastId = 0;

  async prepare(body: Buffer, job: Omit<BodyJob, 'id' | 'body'>): Promise<LargeBody> {
    const reply = await this.send(body, job);
    if ('error' in reply) throw new Error(`preparing a request body failed: ${reply.error}`);
    const { outcome } = reply;
    switch (outcome.status) {
      case 'raw':
        return { status: 'raw', value: await assembleSlices(outcome.slices) };
      case 'prepared':
        return assemble(outcome.parts, job.kind);
      default:
        return outcome;
    }
  }

  /** Stops the worker (bodies still being prepared fail). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private send(body: Buffer, job: Omit<BodyJob, 'id' | 'body'>): Promise<Reply> {
    const worker = this.worker ?? this.start();
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // A body that owns its whole memory (as a big Buffer.concat result does) is handed over, not copied.
      const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
      worker.postMessage({ ...job, id, body } satisfies BodyJob, own ? [body.buffer as ArrayBuffer] : []);
    });
  }

  private start(): Worker {
    const worker = new Worker(BOOTSTRAP, { eval: true });
    // Idle, it must not keep the process alive.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      waiter?.resolve(reply);
    });
    const fail = (error: Error): void => {
      if (this.worker === worker) this.worker = null;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the body worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** Two copies of each value (one for the tree, one for storage), put together a slice per turn. */
async function assemble(parts: readonly PreparedPart[], kind: BodyJob['kind']): Promise<LargeBody> {
  const values = new Map<string, PreparedValue>();
  for (const part of parts) {
    const value = (await assembleSlices(part.slices)) as ExportJson;
    const stored = (await assembleSlices(part.slices)) as ExportJson;
    values.set(part.key, new PreparedValue(value, stored, part.json, part.jsonCrc));
  }
  const answers = new Map(parts.map((part) => [part.key, part.answer]));
  return { status: 'prepared', value: kind === 'set' ? values.get('') : Object.fromEntries(values), answers };
}
