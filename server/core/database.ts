import type { ExportJson, Persistence, WriteOp } from '../persistence/types';
import { ALLOW_ALL } from '../rules/index';
import type { RuleSet, RulesQuery } from '../rules/types';
import { nodeHash } from './hash';
import type { Identity } from './identity';
import { InvalidDataError, normalizePriority, normalizeValue, withPriority } from './normalize';
import { InvalidPathError, isPrefix, parsePath, pathToString } from './path';
import { overlayData, treeData, type TreeOp } from './rules-data';
import { getAt, setInPlace } from './tree';

export type WriteRequest =
  /** `hash` makes it a transaction's compare-and-set. `path` may end in ".priority". */
  | { kind: 'set'; path: readonly string[]; value: unknown; hash?: string }
  /** Keys of `children` are paths relative to `path`. */
  | { kind: 'merge'; path: readonly string[]; children: Record<string, unknown> };

export type RefusalStatus = 'permission_denied' | 'datastale' | 'invalid_data';
export interface Refusal {
  status: RefusalStatus;
  message: string;
}

/** A write checked and resolved against the current data, ready to commit (or to be thrown away). */
export interface PreparedWrite {
  namespace: string;
  ops: readonly TreeOp[];
}

/** Told about every committed write, after it is applied and before it is acknowledged. */
export type ChangeListener = (namespace: string, changed: readonly (readonly string[])[]) => void;

export const PERMISSION_DENIED: Refusal = { status: 'permission_denied', message: 'Permission denied' };

/**
 * The data of every namespace and the single path every write takes: resolve server values, check rules,
 * apply in memory, tell listeners, then persist (the returned promise settles when the write is durable).
 * Everything up to persisting is synchronous, so writes are totally ordered and listeners see them in order.
 */
export class Database {
  private readonly trees: Map<string, ExportJson>;
  private rules: RuleSet;
  /** Rules installed for one namespace (PUT /.settings/rules.json?ns=…); the others use `rules`. */
  private readonly namespaceRules = new Map<string, RuleSet>();
  /** Namespaces that exist though they may hold no data (the default one). */
  private readonly created = new Set<string>();
  private readonly changeListeners: ChangeListener[] = [];
  private readonly rulesListeners: (() => void)[] = [];

  constructor(
    private readonly persistence: Persistence,
    trees: Map<string, ExportJson>,
    rules: RuleSet,
  ) {
    this.trees = trees;
    this.rules = rules;
  }

  get namespaces(): ReadonlyMap<string, ExportJson> {
    return this.trees;
  }

  onChange(listener: ChangeListener): void {
    this.changeListeners.push(listener);
  }

  onRulesChange(listener: () => void): void {
    this.rulesListeners.push(listener);
  }

  /** Rules of one namespace, or (without one) of every namespace, replacing those installed per namespace. */
  setRules(rules: RuleSet, namespace?: string): void {
    if (namespace === undefined) {
      this.rules = rules;
      this.namespaceRules.clear();
    } else {
      this.namespaceRules.set(namespace, rules);
    }
    for (const listener of this.rulesListeners) listener();
  }

  /** Makes a namespace exist for everyone, data or not (otherwise only an admin's write or rules create one). */
  createNamespace(namespace: string): void {
    this.created.add(namespace);
  }

  private exists(namespace: string): boolean {
    return this.trees.has(namespace) || this.namespaceRules.has(namespace) || this.created.has(namespace);
  }

  rulesFor(namespace: string): RuleSet {
    return this.namespaceRules.get(namespace) ?? this.rules;
  }

  valueAt(namespace: string, path: readonly string[]): ExportJson {
    return getAt(this.trees.get(namespace) ?? null, path);
  }

  canRead(namespace: string, path: readonly string[], identity: Identity, query?: RulesQuery): boolean {
    if (identity.admin) return true;
    const root = treeData(this.trees.get(namespace) ?? null);
    return this.rulesFor(namespace).canRead(path, identity.auth, root, Date.now(), query);
  }

  /** Resolves and checks a write without applying it (also how onDisconnect writes are checked when queued). */
  prepare(namespace: string, identity: Identity, request: WriteRequest): PreparedWrite | Refusal {
    if (!identity.admin && !this.exists(namespace) && this.rulesFor(namespace) !== ALLOW_ALL) {
      // Under enforced rules a client cannot make the server hold namespaces of its choosing.
      return { ...PERMISSION_DENIED, message: `Permission denied (namespace ${namespace} does not exist)` };
    }
    const root = this.trees.get(namespace) ?? null;
    const now = Date.now();
    let ops: TreeOp[];
    try {
      ops = request.kind === 'set' ? [resolveSet(root, request.path, request.value, now)] : resolveMerge(root, request, now);
    } catch (error) {
      if (error instanceof InvalidDataError || error instanceof InvalidPathError) {
        return { status: 'invalid_data', message: error.message };
      }
      throw error;
    }
    if (request.kind === 'set' && request.hash !== undefined) {
      // A hash is compared only for a caller the read rules let see the whole location: any answer (datastale
      // or not) would otherwise confirm guesses about data the caller cannot see. A reader learns nothing new
      // from it, and gets datastale before the write rules so that it retries from fresh data.
      const location = request.path[request.path.length - 1] === '.priority' ? request.path.slice(0, -1) : request.path;
      if (!this.canRead(namespace, location, identity)) return PERMISSION_DENIED;
      if (nodeHash(getAt(root, request.path)) !== request.hash) {
        return { status: 'datastale', message: 'Transaction hash does not match' };
      }
    }
    if (!identity.admin && ops.length > 0) {
      const check = this.rulesFor(namespace).checkWrite(
        ops.map((op) => op.path),
        identity.auth,
        treeData(root),
        overlayData(root, ops),
        now,
      );
      if (!check.allowed) return { ...PERMISSION_DENIED, message: `Permission denied (${check.reason})` };
    }
    return { namespace, ops };
  }

  /** Applies a prepared write (which must not be stale: prepare and commit in the same tick). */
  commit(prepared: PreparedWrite): Promise<void> {
    if (prepared.ops.length === 0) return Promise.resolve();
    const { namespace, ops } = prepared;
    const writeOps: WriteOp[] = ops.map((op) => ({ path: pathToString(op.path), value: op.value }));
    // Persistence copies the batch synchronously (both implementations do), so the tree may adopt the values.
    const durable = this.persistence.commit(namespace, writeOps);
    let root = this.trees.get(namespace) ?? null;
    for (const op of ops) root = setInPlace(root, op.path, op.value);
    if (root === null) this.trees.delete(namespace);
    else this.trees.set(namespace, root);
    const changed = ops.map((op) => op.path);
    for (const listener of this.changeListeners) listener(namespace, changed);
    return durable;
  }

  /** prepare + commit; a refusal is returned, a commit resolves when durable. */
  write(namespace: string, identity: Identity, request: WriteRequest): Refusal | Promise<void> {
    const prepared = this.prepare(namespace, identity, request);
    return 'status' in prepared ? prepared : this.commit(prepared);
  }
}

function resolveSet(root: ExportJson, path: readonly string[], value: unknown, now: number): TreeOp {
  if (path[path.length - 1] === '.priority') {
    const nodePath = path.slice(0, -1);
    const node = getAt(root, nodePath);
    return { path: nodePath, value: withPriority(node, normalizePriority(value, getAt(root, path), { now })) };
  }
  return { path, value: normalizeValue(value, getAt(root, path), path.length, { now }) };
}

function resolveMerge(
  root: ExportJson,
  request: { path: readonly string[]; children: Record<string, unknown> },
  now: number,
): TreeOp[] {
  const relative = Object.keys(request.children).map((key) => ({ key, path: parsePath(key, true) }));
  for (const a of relative) {
    if (a.path.length === 0) throw new InvalidDataError('An update cannot contain an empty path');
    for (const b of relative) {
      if (a !== b && isPrefix(a.path, b.path)) throw new InvalidDataError(`Update paths "${a.key}" and "${b.key}" overlap`);
    }
  }
  return relative.map(({ key, path }) => resolveSet(root, [...request.path, ...path], request.children[key], now));
}
