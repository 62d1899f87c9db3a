import type { ExportJson, Persistence, WriteOp } from './model';
import { ALLOW_ALL } from '../rules/index';
import type { RuleSet, RulesQuery } from '../rules/types';
import { nodeHash } from './hash';
import type { Identity } from './identity';
import { InvalidDataError, normalizePriority, normalizeValue, withPriority } from './normalize';
import { InvalidPathError, parsePath, pathToString } from './path';
import { OpIndex, overlayData, treeData, type TreeOp } from './rules-data';
import { getAt, setInPlace } from './tree';

/**
 * A written value that a worker thread already parsed, checked and normalized (a big REST body, see
 * server/rest/large-body.ts): written as it is, without a pass over it on the server's thread.
 */
export class PreparedValue {
  constructor(
    /** The stored value, for the tree (owned by it from now on). */
    readonly value: ExportJson,
    /** A second copy, for storage to keep. */
    readonly stored: ExportJson,
    /** Its JSON, for storage to write. */
    readonly json: Uint8Array,
    /** The CRC32 of `json`. */
    readonly jsonCrc: number,
  ) {}
}

export type WriteRequest =
  /** `hash` makes it a transaction's compare-and-set. `path` may end in ".priority". */
  | { kind: 'set'; path: readonly string[]; value: unknown; hash?: string }
  /** Keys of `children` are paths relative to `path`. */
  | { kind: 'merge'; path: readonly string[]; children: Record<string, unknown> };

/** A resolved op; `prepared` when its value came as a PreparedValue. */
interface ResolvedOp extends TreeOp {
  prepared?: PreparedValue;
}

type RefusalStatus = 'permission_denied' | 'datastale' | 'invalid_data';
export interface Refusal {
  status: RefusalStatus;
  message: string;
}

/** A write checked and resolved against the current data, ready to commit (or to be thrown away). */
export interface PreparedWrite {
  namespace: string;
  ops: readonly ResolvedOp[];
}

/** Told about every committed write once it is durable and applied, before it is acknowledged. */
export type ChangeListener = (namespace: string, changed: readonly (readonly string[])[]) => void;

const PERMISSION_DENIED: Refusal = { status: 'permission_denied', message: 'Permission denied' };

/** A write's outcome: its refusal, or what it changed (resolved once that is durable and visible). */
export type WriteOutcome = Refusal | PreparedWrite;

interface QueuedWrite {
  namespace: string;
  identity: Identity;
  request: WriteRequest;
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: Error) => void;
}

/** Bounds the memory held by one round (and the rules overlay of its earlier writes). */
const MAX_ROUND_OPS = 1000;

/**
 * The data of every namespace and the single path every write takes. Writes queue up and go in rounds: a round
 * resolves server values and checks rules write by write, each against the data plus the round's earlier writes,
 * hands them all to persistence at once (one fsync), and only once they are durable applies them, tells listeners
 * and acknowledges them, in order. So nobody (a read, a listener, a later write's rules or a transaction's hash)
 * ever sees a write that could still be lost, and a round that fails to persist leaves no trace: the next round
 * starts from the same data, which is also how the server recovers once the disk has room again.
 *
 * The writes of one round never touch overlapping paths (a write that would ends the round), so a write's own
 * paths read the same before and after the round's earlier writes, and only the rules need to see those.
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
  private readonly queue: QueuedWrite[] = [];
  private draining = false;

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

  /** Resolves and checks a write against the current data without applying it (how onDisconnect writes are checked
   *  when queued; they are checked again when they run). */
  prepare(namespace: string, identity: Identity, request: WriteRequest): PreparedWrite | Refusal {
    return this.resolveWrite(namespace, identity, request, new OpIndex());
  }

  /** Queues a write behind the ones not yet durable. Resolves with its refusal, or with what it changed once that is
   *  durable and visible; rejects, with nothing of it visible anywhere, when it could not be made durable. */
  write(namespace: string, identity: Identity, request: WriteRequest): Promise<WriteOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ namespace, identity, request, resolve, reject });
      if (this.draining) return;
      this.draining = true;
      // Writes arriving in the same tick join the first round.
      queueMicrotask(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.round();
    } finally {
      this.draining = false;
    }
  }

  private async round(): Promise<void> {
    // `alone`: judged on the data alone, before any write of this round that could still fail.
    const taken: { write: QueuedWrite; outcome: WriteOutcome; alone: boolean }[] = [];
    const roundOps = new Map<string, OpIndex>();
    const durable: Promise<void>[] = [];
    let opCount = 0;
    let count = 0;
    for (const next of this.queue) {
      let earlier = roundOps.get(next.namespace);
      if (!earlier) roundOps.set(next.namespace, (earlier = new OpIndex()));
      if (count > 0 && (opCount >= MAX_ROUND_OPS || earlier.overlaps(footprint(next.request)))) break;
      count++;
      let outcome: WriteOutcome;
      try {
        outcome = this.resolveWrite(next.namespace, next.identity, next.request, earlier);
      } catch (error) {
        next.reject(error as Error);
        continue;
      }
      taken.push({ write: next, outcome, alone: earlier.size === 0 });
      if ('status' in outcome || outcome.ops.length === 0) continue;
      earlier.add(outcome.ops);
      opCount += outcome.ops.length;
      const writeOps: WriteOp[] = outcome.ops.map(({ path, value, prepared }) =>
        prepared
          ? {
              path: pathToString(path),
              value: prepared.stored,
              json: prepared.json,
              jsonCrc: prepared.jsonCrc,
              owned: true,
            }
          : { path: pathToString(path), value },
      );
      // Persistence copies the batch synchronously, so the tree may adopt the values later.
      durable.push(this.persistence.commit(next.namespace, writeOps));
    }
    this.queue.splice(0, count);
    const settled = await Promise.allSettled(durable);
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) {
      const error = failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
      const again: QueuedWrite[] = [];
      for (const { write, outcome, alone } of taken) {
        if (!('status' in outcome) && outcome.ops.length > 0) write.reject(error);
        else if (alone) write.resolve(outcome);
        // Judged on data that included a failed write: judged again next round, at the head of the queue.
        else again.push(write);
      }
      this.queue.unshift(...again);
      return;
    }
    for (const { write, outcome } of taken) {
      if (!('status' in outcome)) this.apply(outcome);
      write.resolve(outcome);
    }
  }

  private apply({ namespace, ops }: PreparedWrite): void {
    if (ops.length === 0) return;
    let root = this.trees.get(namespace) ?? null;
    for (const op of ops) root = setInPlace(root, op.path, op.value);
    if (root === null) this.trees.delete(namespace);
    else this.trees.set(namespace, root);
    const changed = ops.map((op) => op.path);
    for (const listener of this.changeListeners) listener(namespace, changed);
  }

  /** `earlier`: the ops of this round's earlier writes, which none of this write's paths overlap. */
  private resolveWrite(
    namespace: string,
    identity: Identity,
    request: WriteRequest,
    earlier: OpIndex,
  ): PreparedWrite | Refusal {
    if (!identity.admin && !this.exists(namespace) && this.rulesFor(namespace) !== ALLOW_ALL) {
      // Under enforced rules a client cannot make the server hold namespaces of its choosing.
      return { ...PERMISSION_DENIED, message: `Permission denied (namespace ${namespace} does not exist)` };
    }
    const root = this.trees.get(namespace) ?? null;
    const now = Date.now();
    let ops: ResolvedOp[];
    try {
      ops =
        request.kind === 'set'
          ? [resolveSet(root, request.path, request.value, now)]
          : resolveMerge(root, request, now);
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
        earlier.size === 0 ? treeData(root) : overlayData(root, earlier),
        overlayData(root, earlier, ops),
        now,
      );
      if (!check.allowed) return { ...PERMISSION_DENIED, message: `Permission denied (${check.reason})` };
    }
    return { namespace, ops };
  }
}

/** The paths a write may change, known before it is resolved (a path that does not parse changes nothing). */
function footprint(request: WriteRequest): (readonly string[])[] {
  const base = request.path.at(-1) === '.priority' ? request.path.slice(0, -1) : request.path;
  if (request.kind === 'set') return [base];
  try {
    return Object.keys(request.children).map((key) => [...base, ...parsePath(key, true)]);
  } catch {
    return [base];
  }
}

function resolveSet(root: ExportJson, path: readonly string[], written: unknown, now: number): ResolvedOp {
  const value = written instanceof PreparedValue && path.at(-1) === '.priority' ? written.value : written;
  if (path[path.length - 1] === '.priority') {
    const nodePath = path.slice(0, -1);
    const node = getAt(root, nodePath);
    return { path: nodePath, value: withPriority(node, normalizePriority(value, getAt(root, path), { now })) };
  }
  if (value instanceof PreparedValue) return { path, value: value.value, prepared: value };
  return { path, value: normalizeValue(value, getAt(root, path), path.length, { now }) };
}

function resolveMerge(
  root: ExportJson,
  request: { path: readonly string[]; children: Record<string, unknown> },
  now: number,
): ResolvedOp[] {
  const relative = Object.keys(request.children).map((key) => ({ key, path: parsePath(key, true) }));
  if (relative.some(({ path }) => path.length === 0))
    throw new InvalidDataError('An update cannot contain an empty path');
  // The same index a write round uses finds overlaps in one pass (comparing every pair let one update of 200,000
  // paths take minutes). Each entry's value is the path as the client wrote it, for the message.
  const seen = new OpIndex();
  for (const { key, path } of relative) {
    const { above, below } = seen.touching(path, true);
    if (above) throw new InvalidDataError(`Update paths "${String(above.value)}" and "${key}" overlap`);
    if (below[0]) throw new InvalidDataError(`Update paths "${key}" and "${String(below[0].value)}" overlap`);
    seen.add([{ path, value: key }]);
  }
  return relative.map(({ key, path }) => resolveSet(root, [...request.path, ...path], request.children[key], now));
}
