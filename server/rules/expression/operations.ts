/**
 * What the operators and methods of rules expressions do at run time. Any misuse (a method on null, ordering a
 * string against a number...) throws RuleRuntimeError, which makes the whole rule false.
 */
import { RuleRuntimeError, Snapshot } from './values';

export const fail = (reason: string): never => {
  throw new RuleRuntimeError(reason);
};

export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Snapshot) return 'a data snapshot';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** Property lookup at run time, shared by `a.b` and `a['b']`; a property of null is null (e.g. `auth.uid` signed out). */
export function getProperty(object: unknown, name: string): unknown {
  if (object === null || object === undefined) return null;
  if (typeof object === 'string') {
    return name === 'length' ? object.length : fail(`strings have no property '${name}'`);
  }
  if (typeof object !== 'object' || object instanceof Snapshot || Array.isArray(object)) {
    return fail(`cannot read property '${name}' of ${describeValue(object)}`);
  }
  return Object.hasOwn(object, name) ? ((object as Record<string, unknown>)[name] ?? null) : null;
}

function splitPath(path: string): string[] {
  // Most rules name one child at a time (`child('orders')`); only a path with slashes needs splitting.
  if (!path.includes('/')) return path === '' ? [] : [path];
  return path.split('/').filter((key) => key !== '');
}

function childOf(snapshot: Snapshot, path: unknown): Snapshot {
  if (typeof path !== 'string') return fail(`child() needs a string path, not ${describeValue(path)}`);
  return new Snapshot(snapshot.data, [...snapshot.path, ...splitPath(path)]);
}

const valueOf = (snapshot: Snapshot): unknown => snapshot.data.val(snapshot.path);

export function runSnapshotMethod(snapshot: Snapshot, method: string, args: readonly unknown[]): unknown {
  switch (method) {
    case 'child':
      return childOf(snapshot, args[0]);
    case 'parent':
      return snapshot.path.length === 0
        ? fail('the root has no parent')
        : new Snapshot(snapshot.data, snapshot.path.slice(0, -1));
    case 'val':
      return valueOf(snapshot);
    case 'exists':
      return snapshot.data.exists(snapshot.path);
    case 'hasChild': {
      const child = childOf(snapshot, args[0]);
      return child.data.exists(child.path);
    }
    case 'hasChildren': {
      const keys = args[0];
      if (keys === undefined) return snapshot.data.hasChildren(snapshot.path);
      return (keys as unknown[]).every((key) => {
        const child = childOf(snapshot, key);
        return child.data.exists(child.path);
      });
    }
    case 'isNumber':
      return typeof valueOf(snapshot) === 'number';
    case 'isString':
      return typeof valueOf(snapshot) === 'string';
    case 'isBoolean':
      return typeof valueOf(snapshot) === 'boolean';
    case 'getPriority':
      return snapshot.data.priority(snapshot.path);
  }
  return fail(`snapshots have no method ${method}()`);
}

function stringArgument(value: unknown, method: string): string {
  return typeof value === 'string' ? value : fail(`${method}() needs a string argument, not ${describeValue(value)}`);
}

export function runStringMethod(text: string, method: string, args: readonly unknown[]): unknown {
  switch (method) {
    case 'contains':
      return text.includes(stringArgument(args[0], method));
    case 'beginsWith':
      return text.startsWith(stringArgument(args[0], method));
    case 'endsWith':
      return text.endsWith(stringArgument(args[0], method));
    case 'replace':
      // Firebase's replace() replaces every occurrence, unlike JavaScript's.
      return text.split(stringArgument(args[0], method)).join(stringArgument(args[1], method));
    case 'toLowerCase':
      return text.toLowerCase();
    case 'toUpperCase':
      return text.toUpperCase();
    case 'matches':
      return (args[0] as RegExp).test(text);
  }
  return fail(`strings have no method ${method}()`);
}

export function numberOperand(value: unknown, what: string): number {
  return typeof value === 'number' ? value : fail(`${what} needs a number, not ${describeValue(value)}`);
}

/** `==` and `===` are the same in rules: no type coercion; only null and primitives can be compared. */
export function strictEquals(a: unknown, b: unknown): boolean {
  if (a === null || b === null) return a === b;
  const primitive = (v: unknown): boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  return primitive(a) && primitive(b) ? a === b : fail(`cannot compare ${describeValue(a)} with ${describeValue(b)}`);
}

export type Ordered = number | string;

/** Ordering needs two numbers or two strings; the comparison itself is JavaScript's (so NaN is unordered). */
export function ordered(a: unknown, b: unknown): [Ordered, Ordered] {
  const bothNumbers = typeof a === 'number' && typeof b === 'number';
  const bothStrings = typeof a === 'string' && typeof b === 'string';
  return bothNumbers || bothStrings ? [a, b] : fail(`cannot order ${describeValue(a)} and ${describeValue(b)}`);
}

export const ORDERINGS: Readonly<Record<string, (a: Ordered, b: Ordered) => boolean>> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

export function add(a: unknown, b: unknown): number | string {
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  const joinable = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';
  if ((typeof a === 'string' || typeof b === 'string') && joinable(a) && joinable(b)) return `${a}${b}`;
  return fail(`cannot add ${describeValue(a)} and ${describeValue(b)}`);
}

export const ARITHMETIC: Readonly<Record<string, (a: number, b: number) => number>> = {
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  // Firebase gives NaN rather than Infinity.
  '/': (a, b) => (b === 0 ? NaN : a / b),
  '%': (a, b) => a % b,
};
