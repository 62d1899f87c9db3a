import type { ExportJson } from '../persistence/types';
import type { Json, RulesData } from '../rules/types';
import { isPrefix } from './path';
import { getAt, priorityOf, toPlain, withValueAt } from './tree';

/** One resolved write: the stored node that will sit at `path` (null deletes). */
export interface TreeOp {
  path: readonly string[];
  value: ExportJson;
}

/** Rules' view of a namespace as stored. */
export function treeData(root: ExportJson): RulesData {
  return {
    val: (path) => toPlain(getAt(root, path)),
    priority: (path) => priorityOf(getAt(root, path)),
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

/** Rules' view of a namespace as it would be after `ops` (newData, and root in validate rules). */
export function overlayData(root: ExportJson, ops: readonly TreeOp[]): RulesData {
  return {
    val: (path): Json => toPlain(nodeAfter(root, ops, path)),
    priority: (path) => priorityOf(nodeAfter(root, ops, path)),
  };
}
