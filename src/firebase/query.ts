/**
 * Database queries as plain data, so that features say what they want (sorted by what, from where to where, how
 * many) without importing the SDK, and the server tests run the very same queries through the real SDK. Only what
 * Firebase serves from an index (`.indexOn` in database.rules.json) belongs here.
 */
import type { QueryConstraint } from 'firebase/database';

type DatabaseModule = typeof import('firebase/database');

/** A bound of a range: a value of the sorted child (or the key), and optionally the key to break ties. */
export interface Bound {
  /** A number for a child that holds numbers (a time); a key is always a string. */
  value: string | number;
  key?: string;
}

export interface QuerySpec {
  /** Sorted by this child's value, or by key when absent. */
  child?: string;
  start?: Bound;
  end?: Bound;
  /** Only children before this bound (the next page of a list read newest first). */
  before?: Bound;
  equal?: string;
  /** The first or the last `count` children of the range. */
  first?: number;
  last?: number;
}

/** The children a query returned, in its order, as [key, value] pairs. */
export type QueryRows = [string, unknown][];

export function constraintsOf(sdk: DatabaseModule, spec: QuerySpec): QueryConstraint[] {
  const constraints: QueryConstraint[] = [spec.child ? sdk.orderByChild(spec.child) : sdk.orderByKey()];
  if (spec.equal !== undefined) constraints.push(sdk.equalTo(spec.equal));
  if (spec.start) constraints.push(sdk.startAt(spec.start.value, spec.start.key));
  if (spec.end) constraints.push(sdk.endAt(spec.end.value, spec.end.key));
  if (spec.before) constraints.push(sdk.endBefore(spec.before.value, spec.before.key));
  if (spec.first !== undefined) constraints.push(sdk.limitToFirst(spec.first));
  if (spec.last !== undefined) constraints.push(sdk.limitToLast(spec.last));
  return constraints;
}

/** The rows of a query's snapshot, in the query's order. */
export function rowsOf(snapshot: import('firebase/database').DataSnapshot): QueryRows {
  const rows: QueryRows = [];
  snapshot.forEach((child) => {
    rows.push([child.key!, child.val() as unknown]);
  });
  return rows;
}
