/**
 * The pinned extract of the card provider's published description (tests/fixtures/stripe/) and the validator the
 * fake's tests hold its answers to (scripts/cardProvider/openApiValidator.ts): the extract is exactly what the
 * extraction script makes of it, and the provider's dialect (nullable, expandable ids, x- keys) reads as it means.
 */
import { describe, expect, it } from 'vitest';
import { extractText, OPERATIONS } from '../../scripts/cardProvider/extractOpenApi';
import { stripeDescriptionText } from '../support/stripeDescription';
import { formArrays, openApiValidator, toJsonSchema } from '../../scripts/cardProvider/openApiValidator';

const TEXT = stripeDescriptionText();
type Extract = { info: { version: string }; paths: Record<string, Record<string, unknown>> };
const EXTRACT = (TEXT === null ? null : JSON.parse(TEXT)) as Extract | null;
/** Held to the extract when it is here (tests/support/stripeDescription.ts); the tests of it are skipped otherwise. */
const described = openApiValidator(EXTRACT ?? { paths: {}, components: { schemas: {} } });

/** A checkout session as the provider answers one, open and unpaid. */
const session = (): Record<string, unknown> => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  after_expiration: null,
  allow_promotion_codes: null,
  amount_subtotal: 2500,
  amount_total: 2500,
  automatic_tax: { enabled: false, status: null },
  billing_address_collection: null,
  cancel_url: 'http://localhost:4173/order',
  client_reference_id: 'ann~o1~card-1',
  consent: null,
  consent_collection: null,
  created: 1_700_000_000,
  currency: 'gbp',
  currency_conversion: null,
  custom_fields: [],
  custom_text: { shipping_address: null, submit: null },
  customer: null,
  customer_creation: 'if_required',
  customer_details: null,
  customer_email: 'ann@example.com',
  expires_at: 1_700_003_600,
  invoice: null,
  invoice_creation: null,
  livemode: false,
  locale: 'en-GB',
  metadata: { paymentId: 'ann~o1~card-1' },
  mode: 'payment',
  payment_intent: null,
  payment_link: null,
  payment_method_collection: null,
  payment_method_options: null,
  payment_method_types: ['card'],
  payment_status: 'unpaid',
  phone_number_collection: { enabled: false },
  recovered_from: null,
  setup_intent: null,
  shipping_address_collection: null,
  shipping_cost: null,
  shipping_details: null,
  shipping_options: [],
  status: 'open',
  submit_type: null,
  subscription: null,
  success_url: 'http://localhost:4173/order',
  tax_id_collection: { enabled: false },
  total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  url: 'http://localhost:12111/pay/cs_test_1',
});

describe.skipIf(EXTRACT === null)('the extract', () => {
  it('is what the extraction script makes of it, and small', async () => {
    expect(await extractText(JSON.parse(TEXT!))).toBe(TEXT);
    expect(TEXT!.length).toBeLessThan(300_000);
    expect(EXTRACT!.info.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('describes every operation the adapter calls', () => {
    for (const [method, path] of OPERATIONS) expect(EXTRACT!.paths[path]?.[method]).toBeDefined();
  });
});

describe('the provider’s dialect as JSON Schema', () => {
  it('reads nullable as "or null", drops x- keys, and takes anything for a schema left out', () => {
    expect(toJsonSchema({ type: 'string', nullable: true, 'x-stripeBypassValidation': true })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
    expect(toJsonSchema({ 'x-omitted': '#/components/schemas/invoice' })).toEqual({});
  });

  it('takes only the id of an expandable field, and no field an object does not list', () => {
    const expandable = {
      anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/customer' }],
      nullable: true,
      'x-expansionResources': { oneOf: [{ $ref: '#/components/schemas/customer' }] },
    };
    expect(toJsonSchema(expandable)).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(toJsonSchema({ type: 'object', properties: { a: { type: 'integer' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'integer' } },
      additionalProperties: false,
    });
  });

  it('reads form lists as the provider does', () => {
    expect(formArrays({ line_items: { '0': { quantity: '1' } }, metadata: { order: 'K7' } })).toEqual({
      line_items: [{ quantity: '1' }],
      metadata: { order: 'K7' },
    });
  });
});

describe.skipIf(EXTRACT === null)('what the validator refuses', () => {
  it('nothing of a session as the provider answers it', () => {
    expect(described.schema('checkout.session', session())).toEqual([]);
    expect(described.answer('GET', '/v1/checkout/sessions/cs_test_1', 200, session())).toEqual([]);
  });

  it('a field the provider does not answer, one it requires left out, or a value it never gives', () => {
    expect(described.schema('checkout.session', { ...session(), description: 'Order K7' })).toEqual([
      expect.stringContaining('additional properties'),
    ]);
    const { created: _created, ...withoutCreated } = session();
    expect(described.schema('checkout.session', withoutCreated)).toEqual([
      expect.stringContaining("required property 'created'"),
    ]);
    expect(described.schema('checkout.session', { ...session(), payment_status: 'processing' })).not.toEqual([]);
    // An expanded customer, where only its id may be, since the shop never asks for it expanded.
    expect(described.schema('checkout.session', { ...session(), customer: { id: 'cus_1' } })).not.toEqual([]);
  });

  it('an error of a type the provider has no name for, and an event without its object', () => {
    expect(described.answer('POST', '/v1/refunds', 400, { error: { type: 'idempotency_error' } })).toEqual([]);
    expect(described.answer('POST', '/v1/refunds', 400, { error: { type: 'oops' } })).not.toEqual([]);
    expect(described.event({ id: 'evt_1', object: 'event', type: 'x', data: {} })).not.toEqual([]);
  });

  it('a parameter an operation does not take, or a value it does not allow', () => {
    const ask = {
      mode: 'payment',
      line_items: { '0': { quantity: '1', price_data: { currency: 'gbp', unit_amount: '100' } } },
      success_url: 'http://localhost:4173/order',
    };
    expect(described.request('POST', '/v1/checkout/sessions', ask)).toEqual([]);
    expect(described.request('POST', '/v1/checkout/sessions', { ...ask, colour: 'blue' })).not.toEqual([]);
    expect(described.request('POST', '/v1/checkout/sessions', { ...ask, locale: 'de-DE' })).not.toEqual([]);
  });
});
