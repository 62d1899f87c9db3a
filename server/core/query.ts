import type { ExportJson } from './model';
import type { Json, RulesQuery } from '../rules/types';
import { comparePosts, type Entry, type Index, MAX_NAME, MIN_NAME, type Post, postOf } from './order';
import { parsePath } from './path';
import { childKeys, type ExportObject, isChildrenNode, putChild } from './tree';

/** Bounds and limit of a query, in the SDK's own terms (see its QueryParams). */
interface Bound {
  value: Json;
  /** Key tie-breaker; MIN_NAME/MAX_NAME when the client gave none. */
  key: string;
  inclusive: boolean;
}

export interface QuerySpec {
  index: Index;
  start?: Bound;
  end?: Bound;
  limit?: { count: number; fromEnd: boolean };
}

export class InvalidQueryError extends Error {
  override name = 'InvalidQueryError';
}

function parseIndex(name: string): Index {
  if (name === '.key') return { kind: 'key' };
  if (name === '.value') return { kind: 'value' };
  if (name === '.priority') return { kind: 'priority' };
  try {
    return { kind: 'child', path: parsePath(name) };
  } catch (error) {
    throw new InvalidQueryError((error as Error).message);
  }
}

function isJsonValue(value: unknown): value is Json {
  return value === null || ['boolean', 'number', 'string'].includes(typeof value);
}

/** The query object a tagged listen or a get carries (`sp sn sin ep en ein l vf i`). */
export function parseWireQuery(raw: unknown): QuerySpec {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new InvalidQueryError('Query must be an object');
  const q = raw as Record<string, unknown>;
  const spec: QuerySpec = { index: typeof q.i === 'string' ? parseIndex(q.i) : { kind: 'priority' } };
  const bound = (value: unknown, key: unknown, inclusive: unknown, defaultKey: string): Bound => {
    if (!isJsonValue(value)) throw new InvalidQueryError('Query bounds must be primitive values');
    if (key !== undefined && typeof key !== 'string') throw new InvalidQueryError('Query bound names must be strings');
    return { value, key: key ?? defaultKey, inclusive: inclusive !== false };
  };
  if ('sp' in q) spec.start = bound(q.sp, q.sn, q.sin, MIN_NAME);
  if ('ep' in q) spec.end = bound(q.ep, q.en, q.ein, MAX_NAME);
  if ('l' in q) {
    if (typeof q.l !== 'number' || !Number.isInteger(q.l) || q.l < 0) throw new InvalidQueryError('Bad query limit');
    // The SDK sends "vf"; a bare limit() anchors to the start only when the query has a start and no end.
    const fromEnd = q.vf === 'r' || (q.vf === undefined && !(spec.start && !spec.end));
    spec.limit = { count: q.l, fromEnd };
  }
  return spec;
}

function keyIndexBound(spec: QuerySpec, value: Json): void {
  if (spec.index.kind === 'key' && typeof value !== 'string') {
    throw new InvalidQueryError('With orderBy "$key", range values must be strings');
  }
}

/** REST query parameters (`orderBy`, `startAt`/`startAfter`, `endAt`/`endBefore`, `equalTo`, `limitTo*`). */
export function parseRestQuery(params: URLSearchParams): QuerySpec | null {
  const ranges = ['startAt', 'startAfter', 'endAt', 'endBefore', 'equalTo'];
  const limits = ['limitToFirst', 'limitToLast'];
  const orderBy = params.get('orderBy');
  if (orderBy === null) {
    if (ranges.some((name) => params.has(name))) {
      throw new InvalidQueryError('orderBy must be defined when other query parameters are defined');
    }
    // A bare limit (as `firebase emulators:export` sends with shallow=true) uses the default, priority, order.
    if (!limits.some((name) => params.has(name))) return null;
  }
  const order = orderBy === null ? '$priority' : parseJsonParam('orderBy', orderBy);
  if (typeof order !== 'string') throw new InvalidQueryError('orderBy must be a JSON string');
  const index = order === '$key' ? '.key' : order === '$value' ? '.value' : order === '$priority' ? '.priority' : order;
  const spec: QuerySpec = { index: parseIndex(index) };
  const value = (name: string): Json | undefined => {
    const text = params.get(name);
    if (text === null) return undefined;
    const parsed = parseJsonParam(name, text);
    if (!isJsonValue(parsed)) throw new InvalidQueryError(`${name} must be a string, number, boolean or null`);
    keyIndexBound(spec, parsed);
    return parsed;
  };
  const startAt = value('startAt');
  const startAfter = value('startAfter');
  const endAt = value('endAt');
  const endBefore = value('endBefore');
  const equalTo = value('equalTo');
  if (equalTo !== undefined) {
    spec.start = { value: equalTo, key: MIN_NAME, inclusive: true };
    spec.end = { value: equalTo, key: MAX_NAME, inclusive: true };
  }
  if (startAt !== undefined) spec.start = { value: startAt, key: MIN_NAME, inclusive: true };
  if (startAfter !== undefined) spec.start = { value: startAfter, key: MAX_NAME, inclusive: false };
  if (endAt !== undefined) spec.end = { value: endAt, key: MAX_NAME, inclusive: true };
  if (endBefore !== undefined) spec.end = { value: endBefore, key: MIN_NAME, inclusive: false };
  for (const [name, fromEnd] of [
    ['limitToFirst', false],
    ['limitToLast', true],
  ] as const) {
    const text = params.get(name);
    if (text === null) continue;
    const count = Number(text);
    if (!Number.isInteger(count) || count < 0) throw new InvalidQueryError(`${name} must be a non-negative integer`);
    if (spec.limit) throw new InvalidQueryError('Only one of limitToFirst and limitToLast may be given');
    spec.limit = { count, fromEnd };
  }
  return spec;
}

function parseJsonParam(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidQueryError(`${name} must be valid JSON (strings need quotes)`);
  }
}

function boundPost(spec: QuerySpec, bound: Bound): Post {
  // The key index compares bounds by key alone: the bound value is the key.
  if (spec.index.kind === 'key') return { indexed: null, key: String(bound.value) };
  return { indexed: bound.value, key: bound.key };
}

type Sorted = { entry: Entry; post: Post }[];

/**
 * Children of one node sorted by an index, kept while one change is pushed to the distinct queries on that node,
 * so that a thousand queries cost one sort, not a thousand (see docs/local-database.md, "Limits").
 */
export type SortedChildren = Map<string, Sorted>;

function sortedBy(node: ExportObject, spec: QuerySpec, memo: SortedChildren | undefined): Sorted {
  const key = memo ? JSON.stringify(spec.index) : '';
  const known = memo?.get(key);
  if (known) return known;
  const posts = childKeys(node).map((name) => {
    const entry: Entry = { key: name, node: node[name] ?? null };
    return { entry, post: postOf(spec.index, entry) };
  });
  posts.sort((a, b) => comparePosts(spec.index, a.post, b.post));
  memo?.set(key, posts);
  return posts;
}

/** The first position in `posts` (sorted) from which `after(post)` holds. */
function firstWhere(posts: Sorted, after: (post: Post) => boolean): number {
  let low = 0;
  let high = posts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (after((posts[middle] as Sorted[number]).post)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The children of `node` the query selects, as an export-format object (null when none). `memo` shares the sort
 * between queries on the same node while the node does not change.
 */
export function applyQuery(node: ExportJson, spec: QuerySpec, memo?: SortedChildren): ExportJson {
  if (!isChildrenNode(node)) return null;
  const posts = sortedBy(node, spec, memo);
  const start = spec.start ? boundPost(spec, spec.start) : null;
  const end = spec.end ? boundPost(spec, spec.end) : null;
  // The selected children are a run of the sorted ones: from the first at or after the start to the last at or
  // before the end.
  let from = 0;
  let to = posts.length;
  if (start && spec.start) {
    const inclusive = spec.start.inclusive;
    from = firstWhere(posts, (post) => {
      const cmp = comparePosts(spec.index, start, post);
      return inclusive ? cmp <= 0 : cmp < 0;
    });
  }
  if (end && spec.end) {
    const inclusive = spec.end.inclusive;
    to = Math.max(
      from,
      firstWhere(posts, (post) => {
        const cmp = comparePosts(spec.index, post, end);
        return inclusive ? cmp > 0 : cmp >= 0;
      }),
    );
  }
  if (spec.limit) {
    const { count, fromEnd } = spec.limit;
    if (fromEnd) from = Math.max(from, to - count);
    else to = Math.min(to, from + count);
  }
  if (to <= from) return null;
  const result: ExportObject = {};
  for (let i = from; i < to; i++) {
    const { entry } = posts[i] as Sorted[number];
    putChild(result, entry.key, entry.node);
  }
  return result;
}

/** `query.*` as read rules see it. */
export function rulesQuery(spec: QuerySpec | null): RulesQuery {
  const query: RulesQuery = {
    orderByKey: spec?.index.kind === 'key',
    orderByPriority: spec?.index.kind === 'priority',
    orderByValue: spec?.index.kind === 'value',
    orderByChild: spec?.index.kind === 'child' ? spec.index.path.join('/') : null,
  };
  if (!spec) return query;
  if (spec.start) query.startAt = spec.start.value;
  if (spec.end) query.endAt = spec.end.value;
  if (spec.start && spec.end && spec.start.value === spec.end.value && spec.start.inclusive && spec.end.inclusive) {
    query.equalTo = spec.start.value;
  }
  if (spec.limit) {
    if (spec.limit.fromEnd) query.limitToLast = spec.limit.count;
    else query.limitToFirst = spec.limit.count;
  }
  return query;
}
