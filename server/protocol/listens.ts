import type { Database } from '../core/database';
import type { Identity } from '../core/identity';
import { applyQuery, type QuerySpec, rulesQuery, type SortedChildren } from '../core/query';
import { childAt, childKeys, type ExportObject, getAt, putChild } from '../core/tree';
import type { ExportJson } from '../core/model';
import { ALLOW_ALL } from '../rules/index';
import { encodeFrames } from './frames';

/** A connection as the fan-out sees it. */
export interface Subscriber {
  readonly identity: Identity;
  sendFrames(frames: readonly Buffer[]): void;
  /** Called when rules no longer allow one of its listens; the registry has already removed it. */
  revoked(listen: Listen): void;
}

export interface Listen {
  readonly subscriber: Subscriber;
  readonly namespace: string;
  readonly path: readonly string[];
  /** Tagged queries only; untagged listens get the whole value at `path`. */
  readonly query: { spec: QuerySpec; tag: number; wire: unknown; key: string } | null;
}

/**
 * The children a query selected when its listeners were last told, shared by every listen of that query at one
 * path: each of them has been sent every change since it started, so they all hold the same window.
 */
interface QueryState {
  keys: Set<string>;
  listens: number;
}

class TrieNode {
  readonly children = new Map<string, TrieNode>();
  readonly listens = new Set<Listen>();
  readonly queries = new Map<string, QueryState>();
  constructor(
    readonly path: readonly string[],
    readonly parent: TrieNode | null,
  ) {}
}

interface Target {
  node: TrieNode;
  /** A write at or above the listen path replaced its whole value. */
  replaced: boolean;
  /** Writes strictly below the listen path. */
  below: (readonly string[])[];
}

function wirePath(path: readonly string[]): string {
  return path.join('/');
}

function dataMessage(action: 'd' | 'm', path: readonly string[], dataJson: string, tag?: number): string {
  const tagPart = tag === undefined ? '' : `,"t":${tag}`;
  return `{"t":"d","d":{"a":"${action}","b":{"p":${JSON.stringify(wirePath(path))},"d":${dataJson}${tagPart}}}}`;
}

/** An overwrite push at `path` (initial data, datastale, query windows); `dataJson` is already serialised. */
export function overwriteFrames(path: readonly string[], dataJson: string, tag?: number): Buffer[] {
  return encodeFrames(dataMessage('d', path, dataJson, tag));
}

/** What a query listen sees of the data (null for a listen without a query). */
export function windowOf(root: ExportJson, listen: Listen, memo?: SortedChildren): ExportJson {
  return listen.query ? applyQuery(getAt(root, listen.path), listen.query.spec, memo) : null;
}

export function queryWindow(root: ExportJson, listen: Listen): string {
  return JSON.stringify(windowOf(root, listen));
}

/**
 * Every listen of every connection, indexed by path so a write visits only the listens at, above and below it.
 * Pushes are serialised once per listened path (and once per distinct query), not once per listener.
 */
export class ListenRegistry {
  private readonly roots = new Map<string, TrieNode>();
  private listens = 0;

  constructor(private readonly db: Database) {
    db.onChange((namespace, changed) => this.fanOut(namespace, changed));
    db.onRulesChange(() => this.recheckAll());
  }

  /** Listens of every connection. */
  get size(): number {
    return this.listens;
  }

  add(listen: Listen): void {
    let node: TrieNode | undefined = this.roots.get(listen.namespace);
    if (!node) {
      node = new TrieNode([], null);
      this.roots.set(listen.namespace, node);
    }
    for (const key of listen.path) {
      let child: TrieNode | undefined = node.children.get(key);
      if (!child) {
        child = new TrieNode([...node.path, key], node);
        node.children.set(key, child);
      }
      node = child;
    }
    if (node.listens.has(listen)) return;
    node.listens.add(listen);
    this.listens++;
    if (listen.query) {
      const state = node.queries.get(listen.query.key);
      if (state) state.listens++;
      else {
        const window = windowOf(this.db.valueAt(listen.namespace, []), listen);
        node.queries.set(listen.query.key, { keys: new Set(childKeys(window)), listens: 1 });
      }
    }
  }

  remove(listen: Listen): void {
    let node = this.roots.get(listen.namespace);
    for (const key of listen.path) node = node?.children.get(key);
    if (!node || !node.listens.delete(listen)) return;
    this.listens--;
    const state = listen.query && node.queries.get(listen.query.key);
    if (state && --state.listens === 0) node.queries.delete(listen.query!.key);
    // Prune emptied branches so a long-running server does not accumulate paths nobody listens to.
    while (node.parent && node.listens.size === 0 && node.children.size === 0) {
      node.parent.children.delete(node.path[node.path.length - 1] as string);
      node = node.parent;
    }
  }

  /** Whether rules still let this listen's connection read it. */
  allowed(listen: Listen): boolean {
    return this.db.canRead(
      listen.namespace,
      listen.path,
      listen.subscriber.identity,
      rulesQuery(listen.query?.spec ?? null),
    );
  }

  /** Drops the listens of `subscriber` that rules no longer allow (after its auth changed). */
  recheck(listens: Iterable<Listen>): void {
    for (const listen of [...listens]) {
      if (this.allowed(listen)) continue;
      this.remove(listen);
      listen.subscriber.revoked(listen);
    }
  }

  private recheckAll(): void {
    const all: Listen[] = [];
    const collect = (node: TrieNode): void => {
      all.push(...node.listens);
      for (const child of node.children.values()) collect(child);
    };
    for (const root of this.roots.values()) collect(root);
    this.recheck(all);
  }

  private fanOut(namespace: string, changed: readonly (readonly string[])[]): void {
    const trieRoot = this.roots.get(namespace);
    if (!trieRoot) return;
    const targets = new Map<TrieNode, Target>();
    const target = (node: TrieNode): Target => {
      let found = targets.get(node);
      if (!found) {
        found = { node, replaced: false, below: [] };
        targets.set(node, found);
      }
      return found;
    };
    const markSubtree = (node: TrieNode): void => {
      if (node.listens.size > 0) target(node).replaced = true;
      for (const child of node.children.values()) markSubtree(child);
    };
    for (const path of changed) {
      let node: TrieNode | undefined = trieRoot;
      for (let depth = 0; node && depth < path.length; depth++) {
        if (node.listens.size > 0) target(node).below.push(path);
        node = node.children.get(path[depth] as string);
      }
      if (node) markSubtree(node);
    }
    const root = this.db.valueAt(namespace, []);
    for (const { node, replaced, below } of targets.values()) this.push(namespace, root, node, replaced, below);
  }

  private push(
    namespace: string,
    root: ExportJson,
    node: TrieNode,
    replaced: boolean,
    below: (readonly string[])[],
  ): void {
    let plain: Buffer[] | null = null;
    // Per distinct query: what its listeners are sent, and the frames per tag. SDK clients number their queries
    // from 1 in the order they make them, so a thousand copies of the app share a few tags and each change is
    // encoded once per tag.
    const updates = new Map<string, { message: QueryUpdate | null; framesByTag: Map<number, Buffer[]> }>();
    const checkRules = this.db.rulesFor(namespace) !== ALLOW_ALL;
    const verdicts = new ReadVerdicts((listen) => this.allowed(listen));
    const sorted: SortedChildren = new Map();
    for (const listen of [...node.listens]) {
      // Read rules may depend on data (a role, a flag): a listen the new data no longer allows is revoked
      // instead of being sent the change.
      if (checkRules && !verdicts.allowed(listen)) {
        this.remove(listen);
        listen.subscriber.revoked(listen);
        continue;
      }
      if (!listen.query) {
        plain ??= encodeFrames(changeMessage(root, node.path, replaced, below));
        listen.subscriber.sendFrames(plain);
        continue;
      }
      let update = updates.get(listen.query.key);
      if (update === undefined) {
        const state = node.queries.get(listen.query.key)!;
        const message = queryUpdate(state, windowOf(root, listen, sorted), node.path, replaced, below);
        update = { message, framesByTag: new Map() };
        updates.set(listen.query.key, update);
      }
      if (update.message === null) continue;
      const { tag } = listen.query;
      let frames = update.framesByTag.get(tag);
      if (!frames) {
        const { action, path, json } = update.message;
        frames = encodeFrames(dataMessage(action, path, json, tag));
        update.framesByTag.set(tag, frames);
      }
      listen.subscriber.sendFrames(frames);
    }
  }
}

interface QueryUpdate {
  action: 'd' | 'm';
  path: readonly string[];
  json: string;
}

/**
 * What a query's listeners are sent for a write, as Firebase does: only the children that changed, entered or
 * left the window (null), as a put at the one written path or a merge at the query's path; the whole window
 * when the write replaced the queried location. Null when the window did not change. Updates `state`.
 */
function queryUpdate(
  state: QueryState,
  window: ExportJson,
  path: readonly string[],
  replaced: boolean,
  below: (readonly string[])[],
): QueryUpdate | null {
  const keys = new Set(childKeys(window));
  const previous = state.keys;
  state.keys = keys;
  if (replaced) return { action: 'd', path, json: JSON.stringify(window) };
  const changes: { relative: readonly string[]; value: ExportJson }[] = [];
  const entered = new Set<string>();
  for (const key of keys) {
    if (previous.has(key)) continue;
    entered.add(key);
    changes.push({ relative: [key], value: childAt(window, key) });
  }
  for (const key of previous) if (!keys.has(key)) changes.push({ relative: [key], value: null });
  for (const written of below) {
    const key = written[path.length] as string;
    if (!keys.has(key) || entered.has(key)) continue; // outside the window, or sent whole above
    const relative = written.slice(path.length);
    changes.push({ relative, value: getAt(window, relative) });
  }
  if (changes.length === 0) return null;
  if (changes.length === 1) {
    const [only] = changes as [{ relative: readonly string[]; value: ExportJson }];
    return { action: 'd', path: [...path, ...only.relative], json: JSON.stringify(only.value) };
  }
  const merge: ExportObject = {};
  for (const { relative, value } of changes) putChild(merge, relative.join('/'), value);
  return { action: 'm', path, json: JSON.stringify(merge) };
}

/**
 * Read-rule answers for the listens of one trie node during one push. Listens at the same path with the same
 * identity and query get the same answer from the same data, so a thousand signed-out visitors cost one
 * evaluation, not a thousand (signed-out connections share the ANONYMOUS identity object).
 */
class ReadVerdicts {
  private readonly byIdentity = new Map<Identity, Map<string, boolean>>();

  constructor(private readonly evaluate: (listen: Listen) => boolean) {}

  allowed(listen: Listen): boolean {
    const { identity } = listen.subscriber;
    let byQuery = this.byIdentity.get(identity);
    if (!byQuery) {
      byQuery = new Map();
      this.byIdentity.set(identity, byQuery);
    }
    const key = listen.query?.key ?? '';
    let verdict = byQuery.get(key);
    if (verdict === undefined) {
      verdict = this.evaluate(listen);
      byQuery.set(key, verdict);
    }
    return verdict;
  }
}

/** What an untagged listener at `path` is sent for a write: never more than its own subtree. */
function changeMessage(
  root: ExportJson,
  path: readonly string[],
  replaced: boolean,
  below: (readonly string[])[],
): string {
  if (replaced) return dataMessage('d', path, JSON.stringify(getAt(root, path)));
  if (below.length === 1) {
    const written = below[0] as readonly string[];
    return dataMessage('d', written, JSON.stringify(getAt(root, written)));
  }
  const merge: ExportObject = {};
  for (const written of below) putChild(merge, written.slice(path.length).join('/'), getAt(root, written));
  return dataMessage('m', path, JSON.stringify(merge));
}
