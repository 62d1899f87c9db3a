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

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * What the allocator writes with every new order besides its lines (docs/data-model.md#orders): a reference and a
 * secret page link, both fixed here by the order's path, and the two indexes naming the order; and the payment
 * summary of an order to pay at the door (docs/payments.md#an-orders-payment).
 */
export function orderDelivery(uid: string, orderId: string) {
  let hash = 0;
  for (const char of `${uid}/${orderId}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const ref = Array.from({ length: 8 }, (_, i) => CROCKFORD[(hash >>> (i * 4)) & 31]).join('');
  const link = `${ref}${ref}${ref}${ref}`;
  return {
    fields: {
      ref,
      link,
      pay: { method: 'door', currency: 'GBP', due: 1000, paid: 0, refunded: 0, state: 'pending', v: 1 },
    },
    writes: { [`orderRefs/${ref}`]: { uid, order: orderId }, [`orderLinks/${link}`]: { uid, order: orderId } },
  };
}
