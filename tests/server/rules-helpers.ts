import { compileRules, JsonRulesData, type JsonWrite, type RulesAuth, type RulesQuery } from '../../server/rules';

export const alice: RulesAuth = {
  uid: 'alice',
  provider: 'password',
  token: { email: 'alice@example.com', email_verified: true },
};

/** Evaluates one expression as the root `.read` rule over `data`. */
export function readRule(
  expression: string,
  options: { data?: unknown; auth?: RulesAuth | null; now?: number; query?: RulesQuery } = {},
): boolean {
  const rules = compileRules(JSON.stringify({ rules: { '.read': expression } }));
  return rules.canRead(
    [],
    options.auth ?? null,
    new JsonRulesData(options.data ?? null),
    options.now ?? 0,
    options.query,
  );
}

/** Evaluates one expression as the root `.write` rule of a set of `value` at `path` over `data`. */
export function writeRule(
  expression: string,
  options: { data?: unknown; path?: string[]; value?: unknown; auth?: RulesAuth | null } = {},
): boolean {
  const rules = compileRules(JSON.stringify({ rules: { '.write': expression } }));
  const path = options.path ?? ['x'];
  const before = new JsonRulesData(options.data ?? null);
  const after = before.withWrites([{ path, value: options.value ?? null }]);
  return rules.checkWrite([path], options.auth ?? null, before, after, 0).allowed;
}

/** Checks one atomic operation (`writes` applied together) against a rules file. */
export function check(rulesText: string, data: unknown, writes: JsonWrite[], auth: RulesAuth | null = null, now = 0) {
  const before = new JsonRulesData(data);
  return compileRules(rulesText).checkWrite(
    writes.map((w) => w.path),
    auth,
    before,
    before.withWrites(writes),
    now,
  );
}
