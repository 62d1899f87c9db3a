import type { ExportJson } from './model';
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

/** A child by key; keys such as "constructor" or "__proto__" are ordinary children, never Object internals. */
function ownChild(node: ExportObject, key: string): ExportJson {
  return Object.hasOwn(node, key) ? (node[key] ?? null) : null;
}

/** Stores a child; a "__proto__" key becomes an ordinary property instead of replacing the prototype. */
export function putChild(node: ExportObject | { [key: string]: Json }, key: string, value: ExportJson): void {
  if (key === '__proto__')
    Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
  else node[key] = value;
}

export function childAt(node: ExportJson, key: string): ExportJson {
  if (key === PRIORITY_KEY) return priorityOf(node);
  return isChildrenNode(node) ? ownChild(node, key) : null;
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
        putChild(copy, earlier, node[earlier] as Json);
      }
    }
    if (copy !== null) putChild(copy, key, plain);
  }
  return copy ?? (node as Json);
}

/** A key as an array index, the way the SDK reads one: up to ten digits, within 32 bits, never negative. */
function arrayIndex(key: string): number | null {
  if (!/^\d{1,10}$/.test(key)) return null;
  const index = Number(key);
  return index <= 0x7fffffff ? index : null;
}

/**
 * The plain value as Firebase shows it to REST readers (and the SDK's `val()`): priorities stripped, and an object
 * whose keys are all array indexes, more than half of them present up to the largest, as an array with null in the
 * gaps. Stored data keeps its objects; see docs/local-database.md. Unchanged subtrees are returned as they are.
 */
export function toReadable(node: ExportJson): ReadableJson {
  return asArrays(toPlain(node));
}

/** JSON as readers see it: stored values, with arrays where the data looks like one. */
export type ReadableJson = null | boolean | number | string | ReadableJson[] | { [key: string]: ReadableJson };

function asArrays(value: ReadableJson): ReadableJson {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let changed: { [key: string]: ReadableJson } | null = null;
  let count = 0;
  let largest = -1;
  let allIndexes = true;
  for (const key in value) {
    const child = value[key] ?? null;
    const shown = asArrays(child);
    if (shown !== child && changed === null) changed = { ...value };
    if (changed !== null) changed[key] = shown;
    count++;
    const index = allIndexes ? arrayIndex(key) : null;
    if (index === null) allIndexes = false;
    else largest = Math.max(largest, index);
  }
  const object = changed ?? value;
  if (!allIndexes || count === 0 || largest >= 2 * count) return object;
  const array: ReadableJson[] = Array.from({ length: largest + 1 }, () => null);
  for (const key in object) array[Number(key)] = object[key] ?? null;
  return array;
}

/** Replaces the subtree at `path` in a copy of `node`, copying only the objects along the path. */
export function withValueAt(node: ExportJson, path: readonly string[], value: ExportJson): ExportJson {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  const copy: ExportObject = isChildrenNode(node) ? { ...node } : {};
  const priority = priorityOf(node);
  if (priority !== null) copy[PRIORITY_KEY] = priority;
  const child = withValueAt(ownChild(copy, key), rest, value);
  if (child === null) delete copy[key];
  else putChild(copy, key, child);
  return Object.keys(copy).some((name) => name !== PRIORITY_KEY) ? copy : null;
}

/**
 * Child counts (".priority" aside) of containers that lost a child, kept up to date by setIn from then on. A
 * deletion must know whether its parent emptied, and enumerating an object is O(size) in V8 even when the loop
 * stops at its first key (a 200,000-child list takes ~50 ms), so each container is counted at most once. Only
 * setIn mutates stored containers in place, which is what keeps the counts true.
 */
const childCounts = new WeakMap<ExportObject, number>();

function countChildren(node: ExportObject): number {
  let count = 0;
  for (const key in node) if (key !== PRIORITY_KEY) count++;
  return count;
}

function setIn(node: ExportJson, path: readonly string[], index: number, value: ExportJson): ExportJson {
  if (index === path.length) return value;
  const key = path[index] as string;
  let container: ExportObject;
  if (isChildrenNode(node)) {
    container = node;
  } else {
    if (value === null) return node; // nothing stored below a leaf or an empty node: nothing to delete
    container = {};
    childCounts.set(container, 0);
    const priority = priorityOf(node); // a leaf turned into children keeps its priority, as in Firebase
    if (priority !== null) container[PRIORITY_KEY] = priority;
  }
  const existed = Object.hasOwn(container, key);
  const child = setIn(ownChild(container, key), path, index + 1, value);
  const count = childCounts.get(container);
  if (child !== null) {
    putChild(container, key, child);
    if (!existed && count !== undefined) childCounts.set(container, count + 1);
    return container;
  }
  if (!existed) return node;
  delete container[key];
  const remaining = count === undefined ? countChildren(container) : count - 1;
  childCounts.set(container, remaining);
  return remaining > 0 ? container : null;
}

/**
 * Puts an already normalized `value` at `path`, updating the tree's objects in place, and returns the new root
 * (null when the namespace became empty). The tree owns `value` from then on. Costs O(depth), so writes into a
 * list of 100,000 children stay cheap; only the first deletion from a container counts its children.
 */
export function setInPlace(root: ExportJson, path: readonly string[], value: ExportJson): ExportJson {
  return setIn(root, path, 0, value);
}
