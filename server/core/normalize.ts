import type { ExportJson } from './model';
import { isValidKey, MAX_DEPTH } from './path';
import { childAt, type ExportObject, leafValue, PRIORITY_KEY, putChild, VALUE_KEY } from './tree';

/** Firebase refuses string values above 10 MB. */
const MAX_STRING_BYTES = 10 * 1024 * 1024;

export class InvalidDataError extends Error {
  override name = 'InvalidDataError';
}

/** Resolves `{".sv": …}` placeholders; `existing` is the stored node at the placeholder's location. */
export interface ServerValueContext {
  now: number;
}

function resolveServerValue(spec: unknown, existing: ExportJson, context: ServerValueContext): ExportJson {
  if (spec === 'timestamp') return context.now;
  if (typeof spec === 'object' && spec !== null && 'increment' in spec) {
    const delta = (spec as { increment: unknown }).increment;
    if (typeof delta !== 'number' || !Number.isFinite(delta)) {
      throw new InvalidDataError('Server value increment needs a finite number');
    }
    const current = leafValue(existing);
    const sum = typeof current === 'number' ? current + delta : delta;
    // JSON has no Infinity: stored, it would read as null and vanish from the journal at the next restart.
    if (!Number.isFinite(sum)) throw new InvalidDataError('The increment would leave a number that is not finite');
    return sum;
  }
  throw new InvalidDataError(`Unknown server value ${JSON.stringify(spec)}`);
}

/** A priority as written (possibly a server value), checked. */
export function normalizePriority(
  value: unknown,
  existing: ExportJson,
  context: ServerValueContext,
): string | number | null {
  const resolved = isServerValue(value) ? resolveServerValue(value[SV], existing, context) : value;
  if (resolved === null || resolved === undefined) return null;
  if (typeof resolved === 'number' || typeof resolved === 'string') return resolved;
  throw new InvalidDataError('A priority must be a string, a number or null');
}

const SV = '.sv';

function isServerValue(value: unknown): value is { [SV]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && SV in value;
}

function checkString(value: string): string {
  if (value.length * 3 > MAX_STRING_BYTES && Buffer.byteLength(value, 'utf8') > MAX_STRING_BYTES) {
    throw new InvalidDataError('A string value is larger than 10 MB');
  }
  return value;
}

/**
 * Turns a value as a client sent it (export format, arrays, server values, nulls) into the stored shape, checking
 * keys and nesting. `depth` is the number of keys above the value (the write's path length).
 */
export function normalizeValue(
  value: unknown,
  existing: ExportJson,
  depth: number,
  context: ServerValueContext,
): ExportJson {
  if (depth > MAX_DEPTH) throw new InvalidDataError(`Data is nested deeper than ${MAX_DEPTH} levels`);
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new InvalidDataError('Numbers must be finite');
      return value;
    case 'string':
      return checkString(value);
    case 'object':
      break;
    default:
      throw new InvalidDataError(`Unsupported value of type ${typeof value}`);
  }
  if (isServerValue(value)) {
    if (Object.keys(value).length !== 1) throw new InvalidDataError('".sv" cannot have siblings');
    return resolveServerValue(value[SV], existing, context);
  }
  const source = Array.isArray(value) ? Object.fromEntries(value.entries()) : (value as Record<string, unknown>);
  const priority = normalizePriority(source[PRIORITY_KEY], childAt(existing, PRIORITY_KEY), context);
  if (VALUE_KEY in source) {
    if (Object.keys(source).some((key) => key !== VALUE_KEY && key !== PRIORITY_KEY)) {
      throw new InvalidDataError('".value" can only have ".priority" beside it');
    }
    const leaf = normalizeValue(source[VALUE_KEY], existing, depth, context);
    if (typeof leaf === 'object' && leaf !== null) {
      throw new InvalidDataError('".value" must hold a string, number or boolean');
    }
    return leaf === null || priority === null ? leaf : { [VALUE_KEY]: leaf, [PRIORITY_KEY]: priority };
  }
  const result: ExportObject = {};
  let children = 0;
  for (const key of Object.keys(source)) {
    if (key === PRIORITY_KEY) continue;
    if (!isValidKey(key)) throw new InvalidDataError(`Invalid key "${key}"`);
    const child = normalizeValue(source[key], childAt(existing, key), depth + 1, context);
    if (child === null) continue;
    putChild(result, key, child);
    children++;
  }
  if (children === 0) return null;
  if (priority !== null) result[PRIORITY_KEY] = priority;
  return result;
}

/** The node with its priority replaced (how "x/.priority" writes are applied); an empty node has none. */
export function withPriority(node: ExportJson, priority: string | number | null): ExportJson {
  if (node === null) return null;
  const leaf = leafValue(node);
  if (typeof leaf !== 'object' || leaf === null) {
    return priority === null ? leaf : { [VALUE_KEY]: leaf, [PRIORITY_KEY]: priority };
  }
  const { [PRIORITY_KEY]: _previous, ...children } = node as ExportObject;
  return priority === null ? children : { ...children, [PRIORITY_KEY]: priority };
}
