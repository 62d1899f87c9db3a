import type { ExportJson } from '../persistence/types';
import type { Json } from '../rules/types';

/**
 * Reading the stored tree. Every namespace is kept as normalized export-format JSON: no nulls, no empty objects,
 * arrays already turned into index keys, a prioritised leaf as {".value", ".priority"}, a prioritised object
 * with a ".priority" key beside its children. Writes go through `applyOps` (server/persistence/tree.ts), so the
 * server and its persistence apply them the same way.
 */
export type ExportObject = { [key: string]: ExportJson };

export const PRIORITY_KEY = '.priority';
export const VALUE_KEY = '.value';

export function isChildrenNode(node: ExportJson): node is ExportObject {
  return typeof node === 'object' && node !== null && !(VALUE_KEY in node);
}

/** The primitive of a leaf (unwrapping {".value"}), or the node itself for children and null. */
export function leafValue(node: ExportJson): ExportJson {
  if (typeof node === 'object' && node !== null && VALUE_KEY in node) return node[VALUE_KEY] ?? null;
  return node;
}

export function priorityOf(node: ExportJson): string | number | null {
  if (typeof node !== 'object' || node === null) return null;
  const priority = node[PRIORITY_KEY];
  return typeof priority === 'number' || typeof priority === 'string' ? priority : null;
}

export function childAt(node: ExportJson, key: string): ExportJson {
  if (key === PRIORITY_KEY) return priorityOf(node);
  return isChildrenNode(node) ? (node[key] ?? null) : null;
}

export function getAt(node: ExportJson, path: readonly string[]): ExportJson {
  let current = node;
  for (const key of path) {
    if (current === null) return null;
    current = childAt(current, key);
  }
  return current;
}

/** Child keys of a node (never ".priority"). */
export function childKeys(node: ExportJson): string[] {
  return isChildrenNode(node) ? Object.keys(node).filter((key) => key !== PRIORITY_KEY) : [];
}

/**
 * The plain value (priorities stripped). Returns the stored object itself when it carries no priority anywhere,
 * so reading a large subtree allocates nothing; callers must not mutate the result.
 */
export function toPlain(node: ExportJson): Json {
  if (typeof node !== 'object' || node === null) return node;
  if (VALUE_KEY in node) return node[VALUE_KEY] ?? null;
  let copy: { [key: string]: Json } | null = PRIORITY_KEY in node ? {} : null;
  for (const key in node) {
    if (key === PRIORITY_KEY) continue;
    const child = node[key] ?? null;
    const plain = toPlain(child);
    if (copy === null && plain !== child) {
      copy = {};
      for (const earlier in node) {
        if (earlier === key) break;
        copy[earlier] = node[earlier] as Json;
      }
    }
    if (copy !== null) copy[key] = plain;
  }
  return copy ?? (node as Json);
}

/** Replaces the subtree at `path` in a copy of `node`, copying only the objects along the path. */
export function withValueAt(node: ExportJson, path: readonly string[], value: ExportJson): ExportJson {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  const copy: ExportObject = isChildrenNode(node) ? { ...node } : {};
  const priority = priorityOf(node);
  if (priority !== null) copy[PRIORITY_KEY] = priority;
  const child = withValueAt(copy[key] ?? null, rest, value);
  if (child === null) delete copy[key];
  else copy[key] = child;
  return Object.keys(copy).some((name) => name !== PRIORITY_KEY) ? copy : null;
}
