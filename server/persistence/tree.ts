import { withPriority } from '../core/normalize';
import { type ExportObject, getAt, putChild, setInPlace } from '../core/tree';
import type { ExportJson, WriteOp } from '../core/model';

const PRIORITY = '.priority';
const VALUE = '.value';

function isObject(node: ExportJson): node is ExportObject {
  return typeof node === 'object' && node !== null;
}

/**
 * Brings a written value into the stored shape the database reads back: arrays become index keys, null and empty
 * children vanish, a priority-only object is empty, `{".value": v}` without priority is just `v`.
 */
function normalize(value: unknown): ExportJson {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value !== 'object') return null;
  const source = value as Record<string, unknown>;
  const priority = normalizePriority(source[PRIORITY]);
  if (VALUE in source) {
    const leaf = normalize(source[VALUE]);
    if (leaf === null || isObject(leaf)) return leaf;
    return priority === null ? leaf : { [VALUE]: leaf, [PRIORITY]: priority };
  }
  const result: ExportObject = {};
  let children = 0;
  for (const [key, child] of Object.entries(source)) {
    if (key.startsWith('.')) continue;
    const normalized = normalize(child);
    if (normalized === null) continue;
    putChild(result, key, normalized);
    children++;
  }
  if (children === 0) return null;
  if (priority !== null) result[PRIORITY] = priority;
  return result;
}

function normalizePriority(priority: unknown): string | number | null {
  return typeof priority === 'number' || typeof priority === 'string' ? priority : null;
}

/**
 * Applies a batch of writes to a tree the caller owns (it is updated in place, see setInPlace) and returns the new
 * root, null for an empty tree. Written values are copied, never shared with the ops. A path ending in
 * ".priority" sets the node's priority; ".priority" in the middle of a path addresses nothing.
 */
export function applyOps(tree: ExportJson, ops: readonly WriteOp[]): ExportJson {
  return applyNormalizedOps(tree, ownedOps(ops));
}

/** The ops with values of their own: normalized copies, except where the writer handed a value over (`owned`). */
export function ownedOps(ops: readonly WriteOp[]): WriteOp[] {
  return ops.map(({ path, value, owned, json, jsonCrc }) => ({
    path,
    value: owned ? value : normalize(value),
    json,
    jsonCrc,
  }));
}

/** applyOps for ops whose values are already normalized and owned by nobody else: the tree adopts them. */
export function applyNormalizedOps(tree: ExportJson, ops: readonly WriteOp[]): ExportJson {
  let root = tree;
  for (const op of ops) {
    const segments = op.path.split('/').filter((segment) => segment !== '');
    const priorityAt = segments.indexOf(PRIORITY);
    if (priorityAt === -1) {
      root = setInPlace(root, segments, op.value);
    } else if (priorityAt === segments.length - 1) {
      const nodePath = segments.slice(0, -1);
      root = setInPlace(root, nodePath, withPriority(getAt(root, nodePath), normalizePriority(op.value)));
    }
  }
  return root;
}
