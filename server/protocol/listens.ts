import { createHash } from 'node:crypto';
import type { Database } from '../core/database';
import type { Identity } from '../core/identity';
import { applyQuery, type QuerySpec, rulesQuery } from '../core/query';
import { type ExportObject, getAt, putChild } from '../core/tree';
import type { ExportJson } from '../persistence/types';
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
  /** Digest of the window last sent to a tagged query, so unchanged windows are not re-sent (a digest, not the
   *  window itself, keeps a thousand listeners to one large query from holding a thousand copies). */
  lastWindow: string | null;
}

class TrieNode {
  readonly children = new Map<string, TrieNode>();
  readonly listens = new Set<Listen>();
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

export function queryWindow(root: ExportJson, listen: Listen): string {
  return JSON.stringify(listen.query ? applyQuery(getAt(root, listen.path), listen.query.spec) : null);
}

export function windowDigest(windowJson: string): string {
  return createHash('sha1').update(windowJson).digest('base64');
}

/**
 * Every listen of every connection, indexed by path so a write visits only the listens at, above and below it.
 * Pushes are serialised once per listened path (and once per distinct query), not once per listener.
 */
export class ListenRegistry {
  private readonly roots = new Map<string, TrieNode>();

  constructor(private readonly db: Database) {
    db.onChange((namespace, changed) => this.fanOut(namespace, changed));
    db.onRulesChange(() => this.recheckAll());
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
    node.listens.add(listen);
  }

  remove(listen: Listen): void {
    let node = this.roots.get(listen.namespace);
    for (const key of listen.path) node = node?.children.get(key);
    if (!node) return;
    node.listens.delete(listen);
    // Prune emptied branches so a long-running server does not accumulate paths nobody listens to.
    while (node.parent && node.listens.size === 0 && node.children.size === 0) {
      node.parent.children.delete(node.path[node.path.length - 1] as string);
      node = node.parent;
    }
  }

  /** Whether rules still let this listen's connection read it. */
  allowed(listen: Listen): boolean {
    return this.db.canRead(listen.namespace, listen.path, listen.subscriber.identity, rulesQuery(listen.query?.spec ?? null));
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

  private push(namespace: string, root: ExportJson, node: TrieNode, replaced: boolean, below: (readonly string[])[]): void {
    let plain: Buffer[] | null = null;
    // Per distinct query: its window, and the frames per tag. SDK clients number their queries from 1 in the
    // order they make them, so a thousand copies of the app share a few tags and the window is encoded once per tag.
    const windows = new Map<string, { json: string; digest: string; framesByTag: Map<number, Buffer[]> }>();
    const checkRules = this.db.rulesFor(namespace) !== ALLOW_ALL;
    const verdicts = new ReadVerdicts((listen) => this.allowed(listen));
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
      let window = windows.get(listen.query.key);
      if (window === undefined) {
        const json = queryWindow(root, listen);
        window = { json, digest: windowDigest(json), framesByTag: new Map() };
        windows.set(listen.query.key, window);
      }
      if (window.digest === listen.lastWindow) continue;
      listen.lastWindow = window.digest;
      const { tag } = listen.query;
      let frames = window.framesByTag.get(tag);
      if (!frames) {
        frames = overwriteFrames(node.path, window.json, tag);
        window.framesByTag.set(tag, frames);
      }
      listen.subscriber.sendFrames(frames);
    }
  }
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
function changeMessage(root: ExportJson, path: readonly string[], replaced: boolean, below: (readonly string[])[]): string {
  if (replaced) return dataMessage('d', path, JSON.stringify(getAt(root, path)));
  if (below.length === 1) {
    const written = below[0] as readonly string[];
    return dataMessage('d', written, JSON.stringify(getAt(root, written)));
  }
  const merge: ExportObject = {};
  for (const written of below) putChild(merge, written.slice(path.length).join('/'), getAt(root, written));
  return dataMessage('m', path, JSON.stringify(merge));
}
