/**
 * Checks what the local card provider answers, and what it is asked, against the provider's own published
 * description (the extract in tests/fixtures/stripe/, docs/payments.md#the-local-card-provider). The provider's
 * OpenAPI 3.0 dialect is turned into plain JSON Schema first:
 * - `nullable: true` becomes "this, or null";
 * - an expandable field (`x-expansionResources`) is an id, or the object when asked for with `expand`: we never ask,
 *   so only the id is accepted;
 * - a schema the extract left out (`x-omitted`) matches anything, and the other `x-` keys are dropped;
 * - an object with `properties` and no `additionalProperties` takes no other field, so a field the fake invents
 *   fails, as a `required` one it leaves out does.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SCHEMA_REF = '#/components/schemas/';
const ROOT = 'stripe';

const isPlaceholder = (value: unknown): boolean =>
  isObject(value) && (typeof value['x-omitted'] === 'string' || typeof value.$ref === 'string');

/** One schema of the provider's dialect as JSON Schema (draft 7, as Ajv takes it by default). */
export function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!isObject(value)) return value;
  if (typeof value['x-omitted'] === 'string') return {};
  const schema: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith('x-') || key === 'nullable') continue;
    if (key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF)) {
      schema.$ref = `${ROOT}#/definitions/${item.slice(SCHEMA_REF.length)}`;
    } else if (key === 'properties' && isObject(item)) {
      schema.properties = Object.fromEntries(Object.entries(item).map(([name, sub]) => [name, toJsonSchema(sub)]));
    } else {
      schema[key] = toJsonSchema(item);
    }
  }
  if (value['x-expansionResources'] !== undefined && Array.isArray(value.anyOf)) {
    const ids = value.anyOf.filter((option) => !isPlaceholder(option)).map(toJsonSchema);
    delete schema.anyOf;
    if (ids.length === 1) Object.assign(schema, ids[0]);
    else schema.anyOf = ids;
  }
  if (isObject(value.properties) && value.additionalProperties === undefined) schema.additionalProperties = false;
  return value.nullable === true ? { anyOf: [schema, { type: 'null' }] } : schema;
}

/** `a[0][b]=1`, parsed into `{a: {'0': {b: '1'}}}`, as `{a: [{b: '1'}]}`: how the provider reads form arrays. */
export function formArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(formArrays);
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  const entries = Object.entries(value).map(([key, item]) => [key, formArrays(item)] as const);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return entries.map(([, item]) => item);
  return Object.fromEntries(entries);
}

export interface OpenApiValidator {
  /** The problems of `body` as the named schema (`checkout.session`, `refund`, `error` …); none when it holds. */
  schema(name: string, body: unknown): string[];
  /** The problems of an answer to `method path` with this status: a 2xx holds to the operation's, others to error. */
  answer(method: string, path: string, status: number, body: unknown): string[];
  /** The problems of a request's parameters (form fields, parsed) against what the operation takes. */
  request(method: string, path: string, params: unknown): string[];
  /** The problems of a webhook's body: an event, and the object it carries as that object's own schema. */
  event(body: unknown): string[];
  /** The operation's path template for a path as called (`/v1/refunds/re_1` is `/v1/refunds/{refund}`). */
  template(method: string, path: string): string | null;
}

const said = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map((error) => {
    const where = error.instancePath || '(top)';
    const extra = isObject(error.params) ? JSON.stringify(error.params) : '';
    return `${where} ${error.message ?? 'is wrong'} ${extra}`.trim();
  });

export function openApiValidator(document: unknown): OpenApiValidator {
  if (!isObject(document) || !isObject(document.paths) || !isObject(document.components)) {
    throw new Error('not an OpenAPI description');
  }
  const paths = document.paths;
  const schemas = isObject(document.components.schemas) ? document.components.schemas : {};
  const definitions = Object.fromEntries(Object.entries(schemas).map(([name, sub]) => [name, toJsonSchema(sub)]));
  const options = { allErrors: true, strict: true, strictTypes: false, strictTuples: false, validateFormats: false };
  const answers = new Ajv(options);
  // Form fields arrive as text: the provider reads "3600" as the integer its parameter is.
  const requests = new Ajv({ ...options, coerceTypes: true });
  for (const ajv of [answers, requests]) ajv.addSchema({ $id: ROOT, definitions });
  const compiled = new Map<string, ValidateFunction>();
  const check = (ajv: Ajv, key: string, schema: unknown, body: unknown): string[] => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(isObject(schema) ? schema : {});
      compiled.set(key, validate);
    }
    return validate(body) ? [] : said(validate.errors);
  };
  const named = (name: string, body: unknown) => {
    if (!(name in definitions)) return [`the extract has no schema ${name}`];
    return check(answers, `schema ${name}`, { $ref: `${ROOT}#/definitions/${name}` }, body);
  };

  const template = (method: string, path: string): string | null => {
    for (const [candidate, item] of Object.entries(paths)) {
      if (!isObject(item) || !isObject(item[method.toLowerCase()])) continue;
      const pattern = candidate.replace(/\{[^}]+\}/g, '[^/]+');
      if (new RegExp(`^${pattern}$`).test(path)) return candidate;
    }
    return null;
  };
  const operation = (method: string, path: string): JsonObject | null => {
    const found = template(method, path);
    const item = found ? paths[found] : undefined;
    const op = isObject(item) ? item[method.toLowerCase()] : undefined;
    return isObject(op) ? op : null;
  };

  return {
    schema: named,
    template,

    answer(method, path, status, body) {
      const op = operation(method, path);
      if (!op) return [`the extract has no ${method} ${path}`];
      const responses = isObject(op.responses) ? op.responses : {};
      const answer = responses[status >= 200 && status < 300 ? '200' : 'default'];
      const content = isObject(answer) && isObject(answer.content) ? answer.content['application/json'] : undefined;
      const schema = isObject(content) ? content.schema : undefined;
      if (!isObject(schema)) return [`${method} ${path} has no answer for ${status}`];
      return check(answers, `answer ${method} ${template(method, path)} ${status}`, toJsonSchema(schema), body);
    },

    request(method, path, params) {
      const op = operation(method, path);
      if (!op) return [`the extract has no ${method} ${path}`];
      const body = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : {};
      const form = body['application/x-www-form-urlencoded'];
      const schema = isObject(form) ? form.schema : undefined;
      // A copy: coercion writes into what it checks.
      const fields = structuredClone(formArrays(params));
      return check(requests, `request ${method} ${template(method, path)}`, toJsonSchema(schema ?? {}), fields);
    },

    event(body) {
      const problems = named('event', body);
      const data = isObject(body) && isObject(body.data) ? body.data.object : undefined;
      const type = isObject(data) && typeof data.object === 'string' ? data.object : null;
      if (!type) return [...problems, '/data/object names no object type'];
      return [...problems, ...named(type, data).map((problem) => `/data/object${problem}`)];
    },
  };
}

/** What the fake said and was asked, as `FakeCardProvider` keeps it. */
interface FakeTranscript {
  exchanges(): readonly { method: string; path: string; params: unknown; status: number; body: unknown }[];
  deliveries(): readonly { type: string; payload: string }[];
}

/**
 * Every answer the fake gave, every request it took (those it answered 2xx: a refused one is refused on purpose) and
 * every webhook it sent, from the given counts on, held to the description; each problem names the call it is of.
 */
export function transcriptProblems(
  validator: OpenApiValidator,
  fake: FakeTranscript,
  from: { exchanges: number; deliveries: number } = { exchanges: 0, deliveries: 0 },
): string[] {
  const problems: string[] = [];
  for (const call of fake.exchanges().slice(from.exchanges)) {
    const name = `${call.method} ${call.path} (${call.status})`;
    for (const problem of validator.answer(call.method, call.path, call.status, call.body)) {
      problems.push(`${name} answered: ${problem}`);
    }
    if (call.status >= 200 && call.status < 300) {
      for (const problem of validator.request(call.method, call.path, call.params)) {
        problems.push(`${name} asked: ${problem}`);
      }
    }
  }
  for (const delivery of fake.deliveries().slice(from.deliveries)) {
    for (const problem of validator.event(JSON.parse(delivery.payload))) problems.push(`${delivery.type}: ${problem}`);
  }
  return problems;
}
