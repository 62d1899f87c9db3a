import { applyOps } from './tree';
import type { ExportJson, Persistence, WriteOp } from '../core/model';
import { PersistenceError } from '../core/model';

/**
 * Keeps committed batches in memory only. A server restarted with the same instance sees every earlier write,
 * which lets tests exercise restarts without touching the disk.
 */
export class MemoryPersistence implements Persistence {
  private readonly trees = new Map<string, ExportJson>();
  private closed = false;

  constructor(initial?: ReadonlyMap<string, ExportJson>) {
    for (const [namespace, tree] of initial ?? []) this.trees.set(namespace, structuredClone(tree));
  }

  async load(): Promise<Map<string, ExportJson>> {
    this.closed = false;
    return new Map([...this.trees].map(([namespace, tree]) => [namespace, structuredClone(tree)]));
  }

  attach(): void {
    // Nothing to compact: the committed batches already live in `trees`.
  }

  async commit(namespace: string, ops: readonly WriteOp[]): Promise<void> {
    if (this.closed) throw new PersistenceError('MemoryPersistence: commit after close');
    // applyOps copies the values, so later changes to the caller's objects cannot alter what was "persisted".
    const tree = applyOps(this.trees.get(namespace) ?? null, ops);
    if (tree === null) this.trees.delete(namespace);
    else this.trees.set(namespace, tree);
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
