import type { RulesAuth, RulesData, RulesQuery } from '../types';

/** `root`, `data`, `newData` and what their methods return: a place in one version of the data. */
export class Snapshot {
  constructor(
    readonly data: RulesData,
    readonly path: readonly string[],
  ) {}
}

/** Everything an expression can see while it is evaluated. */
export interface EvalContext {
  readonly auth: RulesAuth | null;
  readonly root: Snapshot;
  readonly data: Snapshot;
  /** null in read rules, where `newData` is refused at compile time */
  readonly newData: Snapshot | null;
  readonly now: number;
  /** `query.*` with unset entries as null, as rules see them; all unset in write rules */
  readonly query: QueryVariable;
  /** `$wildcard` name → the key it matched on the current path */
  readonly vars: Readonly<Record<string, string>>;
}

export type QueryVariable = Readonly<Record<keyof RulesQuery, unknown>>;

/** An error while evaluating, which makes the whole rule false (as in Firebase). */
export class RuleRuntimeError extends Error {
  override name = 'RuleRuntimeError';
}

export function queryVariable(query: RulesQuery | undefined): QueryVariable {
  return {
    orderByKey: query?.orderByKey ?? false,
    orderByPriority: query?.orderByPriority ?? false,
    orderByValue: query?.orderByValue ?? false,
    orderByChild: query?.orderByChild ?? null,
    startAt: query?.startAt ?? null,
    endAt: query?.endAt ?? null,
    equalTo: query?.equalTo ?? null,
    limitToFirst: query?.limitToFirst ?? null,
    limitToLast: query?.limitToLast ?? null,
  };
}

export const QUERY_PROPERTIES: ReadonlySet<string> = new Set(Object.keys(queryVariable(undefined)));
