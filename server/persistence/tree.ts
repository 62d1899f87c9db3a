import type { ExportJson, WriteOp } from './types';

type ExportObject = { [key: string]: ExportJson };

const PRIORITY = '.priority';
const VALUE = '.value';

function isObject(node: ExportJson): node is ExportObject {
  return typeof node === 'object' && node !== null;
}

/**
 * Brings a written value into the stored shape the database reads back: arrays become index keys, null and empty
 * children vanish, a priority-only object is empty, `{".value": v}` without priority is just `v`.
 */
export function normalize(value: unknown): ExportJson {
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
    result[key] = normalized;
    children++;
  }
  if (children === 0) return null;
  if (priority !== null) result[PRIORITY] = priority;
  return result;
}

function normalizePriority(priority: unknown): ExportJson {
  return typeof priority === 'number' || typeof priority === 'string' ? priority : null;
}

function withPriority(node: ExportJson, priority: ExportJson): ExportJson {
  if (node === null) return null; // an empty node carries no priority
  const normalized = normalizePriority(priority);
  if (!isObject(node)) return normalized === null ? node : { [VALUE]: node, [PRIORITY]: normalized };
  const { [PRIORITY]: _dropped, ...rest } = node;
  if (VALUE in rest && normalized === null) return rest[VALUE] ?? null;
  return normalized === null ? rest : { ...rest, [PRIORITY]: normalized };
}

/** Children of `node` as a fresh-or-owned object; a leaf gives way to children but keeps its priority. */
function childrenOf(node: ExportJson): ExportObject {
  if (!isObject(node)) return {};
  if (VALUE in node) return PRIORITY in node ? { [PRIORITY]: node[PRIORITY] ?? null } : {};
  return node;
}

function isEmptyObject(node: ExportObject): boolean {
  return Object.keys(node).every((key) => key === PRIORITY);
}

function setAt(node: ExportJson, segments: readonly string[], index: number, value: ExportJson): ExportJson {
  if (index === segments.length) return value;
  const key = segments[index] as string;
  if (key === PRIORITY) return index === segments.length - 1 ? withPriority(node, value) : node;
  const children = childrenOf(node);
  const child = setAt(children[key] ?? null, segments, index + 1, value);
  if (child === null) delete children[key];
  else children[key] = child;
  return isEmptyObject(children) ? null : children;
}

/**
 * Applies a batch of writes to a tree the caller owns (it is updated in place where possible) and returns the new
 * root, null for an empty tree. Written values are copied, never shared with the ops.
 */
export function applyOps(tree: ExportJson, ops: readonly WriteOp[]): ExportJson {
  let root = tree;
  for (const op of ops) {
    const segments = op.path.split('/').filter((segment) => segment !== '');
    root = setAt(root, segments, 0, normalize(op.value));
  }
  return root;
}
