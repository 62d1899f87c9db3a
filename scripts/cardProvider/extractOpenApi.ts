/**
 * Makes tests/fixtures/stripe/openapi.json, the pinned extract of the card provider's published OpenAPI description
 * that the fake's answers and webhooks are checked against (docs/payments.md#the-local-card-provider), from a
 * downloaded spec3.json. Only what the shop uses is kept: the operations it calls and the objects they answer with;
 * a reference to any other schema becomes `{ "x-omitted": "<its $ref>" }`, which matches anything.
 *
 *   npx tsx scripts/cardProvider/extractOpenApi.ts <spec3.json> [<out.json>]
 *
 * The extract is its own fixed point (extracting it again gives it back), which the tests check, so a hand edit
 * that drops a schema an operation still needs shows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';

/** Method and path of each operation the adapter (or the fake, for the tests) uses. */
export const OPERATIONS = [
  ['post', '/v1/checkout/sessions'],
  ['get', '/v1/checkout/sessions/{session}'],
  ['post', '/v1/checkout/sessions/{session}/expire'],
  ['get', '/v1/payment_intents/{intent}'],
  ['post', '/v1/refunds'],
  ['get', '/v1/refunds/{refund}'],
] as const;

/**
 * The schemas kept whole: the objects the operations answer, the events, and the parts of them the fake fills in.
 * Everything else they reference (a customer, an invoice, a charge…) is only ever an id or null in our answers.
 */
const KEPT_SCHEMAS = [
  'checkout.session',
  'payment_intent',
  'refund',
  'event',
  'error',
  'api_errors',
  'notification_event_data',
  'notification_event_request',
  'payment_pages_checkout_session_automatic_tax',
  'payment_pages_checkout_session_custom_text',
  'payment_pages_checkout_session_custom_text_position',
  'payment_pages_checkout_session_customer_details',
  'payment_pages_checkout_session_phone_number_collection',
  'payment_pages_checkout_session_tax_id_collection',
  'payment_pages_checkout_session_total_details',
] as const;

const SCHEMA_REF = '#/components/schemas/';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` with every reference to a schema not kept replaced by a placeholder that says which it was. */
function pruned(value: Json, kept: ReadonlySet<string>): Json {
  if (Array.isArray(value)) return value.map((item) => pruned(item, kept));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF) && !kept.has(ref.slice(SCHEMA_REF.length))) {
    return { 'x-omitted': ref };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pruned(item, kept)]));
}

/** The operation as published, with only its success and error answers. */
function operation(spec: JsonObject, method: string, path: string): JsonObject {
  const paths = spec.paths;
  const item = isObject(paths) ? paths[path] : undefined;
  const found = isObject(item) ? item[method] : undefined;
  if (!isObject(found)) throw new Error(`the description has no ${method.toUpperCase()} ${path}`);
  const responses = isObject(found.responses) ? found.responses : {};
  const answers: JsonObject = {};
  for (const status of ['200', 'default']) {
    const answer = responses[status];
    if (answer !== undefined) answers[status] = answer;
  }
  return { ...found, responses: answers };
}

/** The extract of `spec` (a parsed spec3.json, or an extract made before). */
function extractOpenApi(spec: JsonObject): JsonObject {
  const components = isObject(spec.components) ? spec.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const kept = new Set<string>(KEPT_SCHEMAS);
  const paths: JsonObject = {};
  for (const [method, path] of OPERATIONS) {
    const item = isObject(paths[path]) ? paths[path] : {};
    paths[path] = { ...item, [method]: pruned(operation(spec, method, path), kept) };
  }
  const keptSchemas: JsonObject = {};
  for (const name of KEPT_SCHEMAS) {
    const schema = schemas[name];
    if (schema === undefined) throw new Error(`the description has no schema ${name}`);
    keptSchemas[name] = pruned(schema, kept);
  }
  const info = isObject(spec.info) ? spec.info : {};
  return {
    openapi: typeof spec.openapi === 'string' ? spec.openapi : '3.0.0',
    info: { title: info.title ?? 'Stripe API', version: info.version ?? null },
    paths,
    components: { schemas: keptSchemas },
  };
}

/** The extract as written to disk: formatted as the repository's own JSON is. */
export async function extractText(spec: JsonObject): Promise<string> {
  return format(JSON.stringify(extractOpenApi(spec)), { parser: 'json', printWidth: 120, endOfLine: 'lf' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [source, target = 'tests/fixtures/stripe/openapi.json'] = process.argv.slice(2);
  if (!source) {
    console.error('usage: tsx scripts/cardProvider/extractOpenApi.ts <spec3.json> [<out.json>]');
    process.exit(2);
  }
  const spec = JSON.parse(readFileSync(source, 'utf8')) as Json;
  if (!isObject(spec)) throw new Error(`${source} is not an OpenAPI description`);
  const text = await extractText(spec);
  writeFileSync(target, text);
  const info = isObject(spec.info) ? spec.info : {};
  console.log(`${target}: ${text.length} characters, API version ${String(info.version)}`);
}
