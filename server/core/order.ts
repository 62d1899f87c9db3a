import type { ExportJson } from './model';
import { getAt, leafValue, priorityOf } from './tree';

/** Sentinels the SDK puts in query bounds (`sn`/`en`) to mean "before/after every key". */
export const MIN_NAME = '[MIN_NAME]';
export const MAX_NAME = '[MAX_NAME]';

const INT_KEY = /^-?0*\d{1,10}$/;

function int32Key(key: string): number | null {
  if (!INT_KEY.test(key)) return null;
  const value = Number(key);
  return value >= -2147483648 && value <= 2147483647 ? value : null;
}

/** Firebase key order: 32-bit integer keys first, numerically (shorter text first on ties), then the rest. */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  const aInt = int32Key(a);
  const bInt = int32Key(b);
  if (aInt !== null && bInt !== null) return aInt - bInt === 0 ? a.length - b.length : aInt - bInt;
  if (aInt !== null) return -1;
  if (bInt !== null) return 1;
  return a < b ? -1 : 1;
}

function rank(value: ExportJson): number {
  if (value === null) return 0;
  switch (typeof value) {
    case 'boolean':
      return 1;
    case 'number':
      return 2;
    case 'string':
      return 3;
    default:
      return 4;
  }
}

/** Value order: null < false < true < numbers < strings < objects (all objects tie). Priorities are ignored. */
function compareNodes(a: ExportJson, b: ExportJson): number {
  const left = leafValue(a);
  const right = leafValue(b);
  const byRank = rank(left) - rank(right);
  if (byRank !== 0 || rank(left) === 4 || left === right) return byRank;
  return (left as number | string | boolean) < (right as number | string | boolean) ? -1 : 1;
}

/** What a query orders by. `child` holds the path below each child. */
export type Index =
  { kind: 'priority' } | { kind: 'key' } | { kind: 'value' } | { kind: 'child'; path: readonly string[] };

/** The node an index compares for one child (its key, for the key index, is compared separately). */
function indexedNode(index: Index, node: ExportJson): ExportJson {
  switch (index.kind) {
    case 'priority':
      return priorityOf(node);
    case 'value':
      return node;
    case 'child':
      return getAt(node, index.path);
    case 'key':
      return null;
  }
}

export interface Entry {
  key: string;
  node: ExportJson;
}

/** A position in an index: a child's (indexed node, key), or a query bound. */
export interface Post {
  indexed: ExportJson;
  key: string;
}

export function comparePosts(index: Index, a: Post, b: Post): number {
  if (index.kind === 'key') return compareKeys(a.key, b.key);
  return compareNodes(a.indexed, b.indexed) || compareKeys(a.key, b.key);
}

export function postOf(index: Index, entry: Entry): Post {
  return { indexed: indexedNode(index, entry.node), key: entry.key };
}
