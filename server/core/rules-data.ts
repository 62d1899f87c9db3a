import type { ExportJson } from './model';
import type { Json, RulesData } from '../rules/types';
import { isPrefix } from './path';
import { getAt, isChildrenNode, priorityOf, toPlain, withValueAt } from './tree';

/** One resolved write: the stored node that will sit at `path` (null deletes). The ops of one write never overlap
 *  (a set is one op; resolveMerge refuses overlapping paths). */
export interface TreeOp {
  path: readonly string[];
  value: ExportJson;
}

/** Stored nodes are normalized: an object node always has at least one child, so its shape answers both. */
function hasChildrenNode(node: ExportJson): boolean {
  return node !== null && isChildrenNode(node);
}

/** Rules' view of a namespace as stored. (Views are classes, not objects of closures: every write makes two.) */
class TreeData implements RulesData {
  constructor(private readonly root: ExportJson) {}

  val(path: readonly string[]): Json {
    return toPlain(getAt(this.root, path));
  }

  priority(path: readonly string[]): string | number | null {
    return priorityOf(getAt(this.root, path));
  }

  exists(path: readonly string[]): boolean {
    return getAt(this.root, path) !== null;
  }

  hasChildren(path: readonly string[]): boolean {
    return hasChildrenNode(getAt(this.root, path));
  }
}

export function treeData(root: ExportJson): RulesData {
  return new TreeData(root);
}

/** The ops that bear on a path: the one at or above it, or else those below it (ops never overlap). */
interface Touching {
  above: TreeOp | null;
  below: TreeOp[];
}

interface OpTrieNode {
  op?: TreeOp;
  children: Map<string, OpTrieNode>;
}

/**
 * Non-overlapping ops (a round's writes so far) indexed by path, so that what bears on a path is found by walking
 * the path, not by looking at every op: a round of a thousand writes would otherwise cost a million comparisons.
 */
export class OpIndex {
  private readonly root: OpTrieNode = { children: new Map() };
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(ops: readonly TreeOp[]): void {
    for (const op of ops) {
      let node = this.root;
      for (const key of op.path) {
        let child = node.children.get(key);
        if (!child) node.children.set(key, (child = { children: new Map() }));
        node = child;
      }
      node.op = op;
      this.count++;
    }
  }

  /** Whether any op is at, above or below one of `paths`. */
  overlaps(paths: readonly (readonly string[])[]): boolean {
    return paths.some((path) => {
      const { above, below } = this.touching(path, true);
      return above !== null || below.length > 0;
    });
  }

  /** With `any`, stops at the first op found below. */
  touching(path: readonly string[], any = false): Touching {
    let node: OpTrieNode | undefined = this.root;
    for (const key of path) {
      if (node.op) return { above: node.op, below: [] };
      node = node.children.get(key);
      if (!node) return { above: null, below: [] };
    }
    if (node.op) return { above: node.op, below: [] };
    const below: TreeOp[] = [];
    const pending = [...node.children.values()];
    while (pending.length > 0 && !(any && below.length > 0)) {
      const next = pending.pop() as OpTrieNode;
      if (next.op) below.push(next.op);
      else pending.push(...next.children.values());
    }
    return { above: null, below };
  }
}

/**
 * A write's own ops, as rules look them up once per value they read. Most writes have one or a few, looked
 * through in a line; an allocator's batch has thousands (2,874 paths for 250 orders), and a rule reading
 * `newData` anywhere in it then compared every path with every op: 2.9 s of rules per batch, most of the rush's
 * database time (docs/performance.md#the-on-sale-rush). Those are indexed by path like the round's earlier ops.
 */
const OWN_OPS_IN_A_LINE = 8;

class OwnOps {
  private readonly index: OpIndex | null;

  constructor(private readonly ops: readonly TreeOp[]) {
    this.index = ops.length > OWN_OPS_IN_A_LINE ? new OpIndex() : null;
    this.index?.add(ops);
  }

  /** Adds what bears on `path` to `found` (ops of the round's earlier writes, which these never overlap). */
  touching(path: readonly string[], found: Touching): Touching {
    if (this.index) {
      const own = this.index.touching(path);
      if (own.above) return own;
      found.below.push(...own.below);
      return found;
    }
    for (const op of this.ops) {
      if (isPrefix(op.path, path)) return { above: op, below: [] };
      if (isPrefix(path, op.path)) found.below.push(op);
    }
    return found;
  }
}

/** What bears on `path` among the round's earlier ops and the write's own ops. */
function touchingIn(earlier: OpIndex, own: OwnOps, path: readonly string[]): Touching {
  return own.touching(path, earlier.touching(path));
}

/** The node at `path` once the ops are applied to `root`, built without copying the tree. */
function nodeAfter(root: ExportJson, { above, below }: Touching, path: readonly string[]): ExportJson {
  if (above) return getAt(above.value, path.slice(above.path.length));
  let node = getAt(root, path);
  for (const op of below) node = withValueAt(node, op.path.slice(path.length), op.value);
  return node;
}

/**
 * Whether the node at `path` is an object with children after the ops, or null when only building it can tell.
 * Building it copies the node at `path`, which for a rule on a list (`newData.exists()` above `$id`) would cost
 * the whole list at every write.
 */
function hasChildrenAfter(root: ExportJson, { above, below }: Touching, path: readonly string[]): boolean | null {
  if (above) return hasChildrenNode(getAt(above.value, path.slice(above.path.length)));
  if (below.length === 0) return hasChildrenNode(getAt(root, path));
  // Only writes strictly below `path` (ops do not overlap): one that stores something leaves children here.
  return below.some((op) => op.value !== null) ? true : null;
}

/** Rules' view of a namespace as it would be after the round's `earlier` ops and then `own` (newData, and root in
 *  validate rules); `own` must not overlap `earlier`. */
export function overlayData(root: ExportJson, earlier: OpIndex, own: readonly TreeOp[] = []): RulesData {
  return new OverlayData(root, earlier, new OwnOps(own));
}

class OverlayData implements RulesData {
  constructor(
    private readonly root: ExportJson,
    private readonly earlier: OpIndex,
    private readonly own: OwnOps,
  ) {}

  val(path: readonly string[]): Json {
    return toPlain(nodeAfter(this.root, touchingIn(this.earlier, this.own, path), path));
  }

  priority(path: readonly string[]): string | number | null {
    return priorityOf(nodeAfter(this.root, touchingIn(this.earlier, this.own, path), path));
  }

  exists(path: readonly string[]): boolean {
    const touching = touchingIn(this.earlier, this.own, path);
    return hasChildrenAfter(this.root, touching, path) === true || nodeAfter(this.root, touching, path) !== null;
  }

  hasChildren(path: readonly string[]): boolean {
    const touching = touchingIn(this.earlier, this.own, path);
    return hasChildrenAfter(this.root, touching, path) ?? hasChildrenNode(nodeAfter(this.root, touching, path));
  }
}
