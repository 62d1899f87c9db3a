export type Json = null | boolean | number | string | { [key: string]: Json };

/** How rules see one namespace's data, before or after a write. Paths are arrays of already validated keys. */
export interface RulesData {
  /** Plain value at path (priorities and export keys stripped), null when absent. */
  val(path: readonly string[]): Json;
  priority(path: readonly string[]): string | number | null;
  /** val(path) !== null, answered without building the value (a list of 100,000 children costs as much as one). */
  exists(path: readonly string[]): boolean;
  /** Whether the value at path is an object with children, answered without building it. */
  hasChildren(path: readonly string[]): boolean;
}

/**
 * `auth` as rules see it; null when unauthenticated. token = all claims of the ID token. A down-scoped admin
 * (databaseAuthVariableOverride) may carry further claims at the top level, which rules read as `auth.<claim>`.
 */
export interface RulesAuth {
  uid: string;
  provider: string;
  token: Record<string, unknown>;
  readonly [claim: string]: unknown;
}

/** `query.*` in read rules (undefined = not set). */
export interface RulesQuery {
  orderByKey: boolean;
  orderByPriority: boolean;
  orderByValue: boolean;
  orderByChild: string | null;
  startAt?: Json;
  endAt?: Json;
  equalTo?: Json;
  limitToFirst?: number;
  limitToLast?: number;
}

export interface WriteCheck {
  allowed: boolean;
  /** "" when allowed; else names the path and the rule that failed (for logs) */
  reason: string;
}

export interface RuleSet {
  canRead(path: readonly string[], auth: RulesAuth | null, root: RulesData, now: number, query?: RulesQuery): boolean;
  /** One atomic operation writing every path in `paths` (a set: one path; a multi-path update: several);
   *  `before`/`after` are the whole namespace before and after the whole operation. */
  checkWrite(
    paths: readonly (readonly string[])[],
    auth: RulesAuth | null,
    before: RulesData,
    after: RulesData,
    now: number,
  ): WriteCheck;
  /** `.indexOn` entries that apply at path. */
  indexOn(path: readonly string[]): string[];
}

/** A rules file that cannot be used; the message names the place (e.g. `rules.users.$uid[".write"], column 14`) and the reason. */
export class RulesSyntaxError extends Error {
  readonly place: string;
  readonly reason: string;

  constructor(place: string, reason: string) {
    super(`${place}: ${reason}`);
    this.name = 'RulesSyntaxError';
    this.place = place;
    this.reason = reason;
  }
}
