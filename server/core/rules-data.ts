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

/** Rules' view of a namespace as stored. */
export function treeData(root: ExportJson): RulesData {
  return {
    val: (path) => toPlain(getAt(root, path)),
    priority: (path) => priorityOf(getAt(root, path)),
    exists: (path) => getAt(root, path) !== null,
    hasChildren: (path) => hasChildrenNode(getAt(root, path)),
  };
}

/** The node at `path` once `ops` are applied to `root`, built without copying the tree. */
function nodeAfter(root: ExportJson, ops: readonly TreeOp[], path: readonly string[]): ExportJson {
  let node = getAt(root, path);
  for (const op of ops) {
    if (isPrefix(op.path, path)) node = getAt(op.value, path.slice(op.path.length));
    else if (isPrefix(path, op.path)) node = withValueAt(node, op.path.slice(path.length), op.value);
  }
  return node;
}

/**
 * Whether the node at `path` is an object with children after `ops`, or null when only building it can tell.
 * Building it copies the node at `path`, which for a rule on a list (`newData.exists()` above `$id`) would cost
 * the whole list at every write.
 */
function hasChildrenAfter(root: ExportJson, ops: readonly TreeOp[], path: readonly string[]): boolean | null {
  const touching = ops.filter((op) => isPrefix(op.path, path) || isPrefix(path, op.path));
  if (touching.length === 0) return hasChildrenNode(getAt(root, path));
  const [only] = touching;
  if (touching.length === 1 && only && isPrefix(only.path, path)) {
    return hasChildrenNode(getAt(only.value, path.slice(only.path.length)));
  }
  // Only writes strictly below `path` (ops do not overlap): one that stores something leaves children here.
  return touching.some((op) => op.value !== null) ? true : null;
}

/** Rules' view of a namespace as it would be after `ops` (newData, and root in validate rules). */
export function overlayData(root: ExportJson, ops: readonly TreeOp[]): RulesData {
  return {
    val: (path): Json => toPlain(nodeAfter(root, ops, path)),
    priority: (path) => priorityOf(nodeAfter(root, ops, path)),
    exists: (path) => hasChildrenAfter(root, ops, path) === true || nodeAfter(root, ops, path) !== null,
    hasChildren: (path) => hasChildrenAfter(root, ops, path) ?? hasChildrenNode(nodeAfter(root, ops, path)),
  };
}
