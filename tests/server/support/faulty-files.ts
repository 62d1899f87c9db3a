import type { FileHandlePort, FileSystemPort } from '../../../server/persistence/files';
import { nodeFileSystem } from '../../../server/persistence/files';

/** The calls a fault can be put on. */
export type FaultyCall = 'open' | 'write' | 'datasync' | 'truncate' | 'rename';

function errno(code: string, call: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: injected fault, ${call}`);
  error.code = code;
  return error;
}

/**
 * The real file system, except that a call given a fault fails with that errno (ENOSPC, EMFILE, EIO…) until the
 * fault is cleared. A failing write first writes part of its buffer, as a real disk filling up does.
 */
export class FaultyFiles implements FileSystemPort {
  private readonly faults = new Map<FaultyCall, string>();
  /** How many calls failed, by call. */
  readonly failures = new Map<FaultyCall, number>();

  fail(call: FaultyCall, code: string): void {
    this.faults.set(call, code);
  }

  clear(call?: FaultyCall): void {
    if (call) this.faults.delete(call);
    else this.faults.clear();
  }

  /** Throws if `call` has a fault. */
  check(call: FaultyCall, what: string): void {
    const code = this.faults.get(call);
    if (code === undefined) return;
    this.failures.set(call, (this.failures.get(call) ?? 0) + 1);
    throw errno(code, `${call} ${what}`);
  }

  isFailing(call: FaultyCall): boolean {
    return this.faults.has(call);
  }

  async open(path: string, flags: string): Promise<FileHandlePort> {
    this.check('open', path);
    return new FaultyHandle(await nodeFileSystem.open(path, flags), this, path);
  }

  readFile = nodeFileSystem.readFile;
  readdir = nodeFileSystem.readdir;
  rm = nodeFileSystem.rm;
  mkdir = nodeFileSystem.mkdir;

  async rename(from: string, to: string): Promise<void> {
    this.check('rename', from);
    await nodeFileSystem.rename(from, to);
  }
}

class FaultyHandle implements FileHandlePort {
  private partial = false;

  constructor(
    private readonly real: FileHandlePort,
    private readonly files: FaultyFiles,
    private readonly path: string,
  ) {}

  async write(buffer: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }> {
    if (this.files.isFailing('write') && !this.partial && length > 1) {
      this.partial = true;
      return this.real.write(buffer, offset, Math.floor(length / 2));
    }
    this.partial = false;
    this.files.check('write', this.path);
    return this.real.write(buffer, offset, length);
  }

  sync(): Promise<void> {
    return this.real.sync();
  }

  async datasync(): Promise<void> {
    this.files.check('datasync', this.path);
    await this.real.datasync();
  }

  async truncate(length: number): Promise<void> {
    this.files.check('truncate', this.path);
    await this.real.truncate(length);
  }

  close(): Promise<void> {
    return this.real.close();
  }
}
