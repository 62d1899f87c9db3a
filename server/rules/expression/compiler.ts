/*
 * Over 400 lines: every operator of the rules language is typed and compiled in one place, so what a rule means is
 * read in one module (docs/data-model.md).
 */
import type { Node } from './ast';
import { parseExpression } from './parser';
import { ExpressionError } from './tokenizer';
import {
  add,
  ARITHMETIC,
  describeValue,
  fail,
  getProperty,
  numberOperand,
  ordered,
  ORDERINGS,
  runSnapshotMethod,
  runStringMethod,
  strictEquals,
} from './operations';
import { QUERY_PROPERTIES, RuleRuntimeError, type Snapshot, type EvalContext } from './values';

/** What can be told about a value before evaluation; 'any' = only known at run time (never a snapshot). */
type StaticType = 'boolean' | 'number' | 'string' | 'null' | 'snapshot' | 'auth' | 'query' | 'object' | 'any';

type Run = (ctx: EvalContext) => unknown;
interface Compiled {
  type: StaticType;
  run: Run;
}

export type RuleKind = 'read' | 'write' | 'validate';

interface Scope {
  kind: RuleKind;
  /** `$names` of the wildcards on the path to this rule */
  wildcards: ReadonlySet<string>;
}

export type CompiledRule = (ctx: EvalContext) => boolean;

/**
 * Parses and type-checks one rule expression once; the result evaluates it over a context.
 * Throws ExpressionError (with the offset) for syntax errors and for mistakes that can be told statically.
 * An error at run time (a method on null, comparing a string with a number...) makes the rule false.
 */
export function compileRule(text: string, kind: RuleKind, wildcards: ReadonlySet<string>): CompiledRule {
  const tree = parseExpression(text);
  const { type, run } = compile(tree, { kind, wildcards });
  // Like Firebase, a rule must be boolean by its form, not merely by the value it happens to produce.
  if (type !== 'boolean')
    throw new ExpressionError(startOf(tree), `a rule must be a boolean expression, but this is ${article(type)}`);
  return (ctx) => {
    try {
      return run(ctx) === true;
    } catch (error) {
      if (error instanceof RuleRuntimeError) return false;
      throw error;
    }
  };
}

function article(type: StaticType): string {
  const names: Record<StaticType, string> = {
    boolean: 'a boolean',
    number: 'a number',
    string: 'a string',
    null: 'null',
    snapshot: 'a data snapshot',
    auth: 'the auth object',
    query: 'the query object',
    object: 'an object',
    any: 'a value',
  };
  return names[type];
}

/** Where a sub-expression starts in the text (its node's `pos` is at its operator or method name). */
function startOf(node: Node): number {
  switch (node.type) {
    case 'member':
    case 'index':
    case 'call':
      return startOf(node.object);
    case 'binary':
    case 'logical':
      return startOf(node.left);
    case 'conditional':
      return startOf(node.test);
    default:
      return node.pos;
  }
}

/** Refuses a sub-expression that is not boolean by its form (`!`, `&&`, `||`, `?:` need one, as in Firebase). */
function requireBoolean(compiled: Compiled, node: Node, what: string): void {
  if (compiled.type !== 'boolean')
    throw new ExpressionError(
      startOf(node),
      `${what} must be a boolean expression, but this is ${article(compiled.type)}`,
    );
}

/** Refuses a sub-expression whose type is known and not among `allowed`. */
function requireType(compiled: Compiled, allowed: readonly StaticType[], node: Node, what: string): void {
  if (compiled.type !== 'any' && !allowed.includes(compiled.type)) {
    throw new ExpressionError(
      startOf(node),
      `${what} must be ${allowed.map(article).join(' or ')}, but this is ${article(compiled.type)}`,
    );
  }
}

function compile(node: Node, scope: Scope): Compiled {
  switch (node.type) {
    case 'literal': {
      const value = node.value;
      const type = value === null ? 'null' : (typeof value as 'boolean' | 'number' | 'string');
      return { type, run: () => value };
    }
    case 'regex':
      throw new ExpressionError(node.pos, 'a regular expression literal is only allowed as the argument of matches()');
    case 'array':
      throw new ExpressionError(node.pos, 'an array literal is only allowed as the argument of hasChildren()');
    case 'identifier':
      return compileIdentifier(node.name, node.pos, scope);
    case 'member':
      return compileMember(node.object, node.property, node.pos, scope);
    case 'index':
      return compileIndex(node.object, node.index, scope);
    case 'call':
      return compileCall(node, scope);
    case 'unary':
      return compileUnary(node.op, node.operand, scope);
    case 'binary':
      return compileBinary(node, scope);
    case 'logical':
      return compileLogical(node.op, node.left, node.right, scope);
    case 'conditional':
      return compileConditional(node, scope);
  }
}

function compileIdentifier(name: string, pos: number, scope: Scope): Compiled {
  switch (name) {
    case 'auth':
      return { type: 'auth', run: (ctx) => ctx.auth };
    case 'root':
      return { type: 'snapshot', run: (ctx) => ctx.root };
    case 'data':
      return { type: 'snapshot', run: (ctx) => ctx.data };
    case 'newData':
      if (scope.kind === 'read') throw new ExpressionError(pos, 'newData is not available in .read rules');
      return { type: 'snapshot', run: (ctx) => ctx.newData };
    case 'now':
      return { type: 'number', run: (ctx) => ctx.now };
    case 'query':
      return { type: 'query', run: (ctx) => ctx.query };
  }
  if (name.startsWith('$')) {
    if (!scope.wildcards.has(name))
      throw new ExpressionError(pos, `unknown variable '${name}' (no such wildcard on the path to this rule)`);
    return { type: 'string', run: (ctx) => ctx.vars[name] };
  }
  throw new ExpressionError(pos, `unknown variable '${name}'`);
}

// Maps, not object literals, so that names like "constructor" are not found on Object.prototype.
const AUTH_PROPERTIES: ReadonlyMap<string, StaticType> = new Map([
  ['uid', 'any'],
  ['provider', 'any'],
  ['token', 'object'],
]);

function compileMember(objectNode: Node, property: string, pos: number, scope: Scope): Compiled {
  const object = compile(objectNode, scope);
  let type: StaticType;
  switch (object.type) {
    case 'auth':
      // Beyond uid, provider and token, auth holds the claims of a databaseAuthVariableOverride (or a legacy
      // custom token) at its top level: Firebase loads rules that read them, and they are null otherwise.
      type = AUTH_PROPERTIES.get(property) ?? 'any';
      break;
    case 'query':
      if (!QUERY_PROPERTIES.has(property)) throw new ExpressionError(pos, `query has no property '${property}'`);
      type = property.startsWith('orderBy') && property !== 'orderByChild' ? 'boolean' : 'any';
      break;
    case 'string':
      if (property !== 'length') throw new ExpressionError(pos, `strings have no property '${property}'`);
      type = 'number';
      break;
    case 'snapshot':
      throw new ExpressionError(pos, `snapshots have no property '${property}' (did you mean ${property}()?)`);
    case 'object':
    case 'any':
      type = 'any';
      break;
    default:
      throw new ExpressionError(pos, `${article(object.type)} has no property '${property}'`);
  }
  const run = object.run;
  return { type, run: (ctx) => getProperty(run(ctx), property) };
}

function compileIndex(objectNode: Node, indexNode: Node, scope: Scope): Compiled {
  const object = compile(objectNode, scope);
  requireType(object, ['auth', 'query', 'object', 'string'], objectNode, 'an indexed value');
  const index = compile(indexNode, scope);
  requireType(index, ['string'], indexNode, 'an index');
  return {
    type: 'any',
    run: (ctx) => {
      const key = index.run(ctx);
      return typeof key === 'string'
        ? getProperty(object.run(ctx), key)
        : fail(`an index must be a string, not ${describeValue(key)}`);
    },
  };
}

interface Method {
  params: readonly ('string' | 'regex' | 'optionalArray')[];
  returns: StaticType;
}

const SNAPSHOT_METHODS: ReadonlyMap<string, Method> = new Map(
  Object.entries({
    child: { params: ['string'], returns: 'snapshot' },
    parent: { params: [], returns: 'snapshot' },
    val: { params: [], returns: 'any' },
    exists: { params: [], returns: 'boolean' },
    hasChild: { params: ['string'], returns: 'boolean' },
    hasChildren: { params: ['optionalArray'], returns: 'boolean' },
    isNumber: { params: [], returns: 'boolean' },
    isString: { params: [], returns: 'boolean' },
    isBoolean: { params: [], returns: 'boolean' },
    getPriority: { params: [], returns: 'any' },
  }),
);

const STRING_METHODS: ReadonlyMap<string, Method> = new Map(
  Object.entries({
    contains: { params: ['string'], returns: 'boolean' },
    beginsWith: { params: ['string'], returns: 'boolean' },
    endsWith: { params: ['string'], returns: 'boolean' },
    replace: { params: ['string', 'string'], returns: 'string' },
    toLowerCase: { params: [], returns: 'string' },
    toUpperCase: { params: [], returns: 'string' },
    matches: { params: ['regex'], returns: 'boolean' },
  }),
);

function compileArguments(node: Extract<Node, { type: 'call' }>, method: Method, scope: Scope): Run[] {
  const required = method.params.filter((p) => p !== 'optionalArray').length;
  if (node.args.length < required || node.args.length > method.params.length) {
    const count = required === method.params.length ? `${required}` : `${required} to ${method.params.length}`;
    throw new ExpressionError(node.pos, `${node.method}() takes ${count} argument(s), not ${node.args.length}`);
  }
  return node.args.map((arg, i) => {
    const param = method.params[i];
    if (param === 'regex') {
      if (arg.type !== 'regex')
        throw new ExpressionError(arg.pos, `${node.method}() needs a regular expression literal like /^a+$/`);
      const regex = arg.value;
      return () => regex;
    }
    if (param === 'optionalArray') {
      if (arg.type !== 'array' || arg.items.length === 0) {
        throw new ExpressionError(
          arg.pos,
          `${node.method}() needs a non-empty array literal of child names, like ['a', 'b']`,
        );
      }
      const items = arg.items.map((item) => {
        const compiled = compile(item, scope);
        requireType(compiled, ['string'], item, 'a child name');
        return compiled.run;
      });
      return (ctx) => items.map((item) => item(ctx));
    }
    const compiled = compile(arg, scope);
    requireType(compiled, ['string'], arg, `the argument of ${node.method}()`);
    return compiled.run;
  });
}

function compileCall(node: Extract<Node, { type: 'call' }>, scope: Scope): Compiled {
  const object = compile(node.object, scope);
  const { method: name, pos } = node;
  const isSnapshot = object.type === 'snapshot';
  if (!isSnapshot && object.type !== 'string' && object.type !== 'any') {
    throw new ExpressionError(pos, `${article(object.type)} has no method ${name}()`);
  }
  const method = (isSnapshot ? SNAPSHOT_METHODS : STRING_METHODS).get(name);
  if (!method) throw new ExpressionError(pos, `${isSnapshot ? 'snapshots' : 'strings'} have no method ${name}()`);
  const args = compileArguments(node, method, scope);
  const receiver = object.run;
  const run: Run = isSnapshot
    ? (ctx) =>
        runSnapshotMethod(
          receiver(ctx) as Snapshot,
          name,
          args.map((arg) => arg(ctx)),
        )
    : (ctx) => {
        const text = receiver(ctx);
        if (typeof text !== 'string') return fail(`cannot call ${name}() on ${describeValue(text)}`);
        return runStringMethod(
          text,
          name,
          args.map((arg) => arg(ctx)),
        );
      };
  return { type: method.returns, run };
}

function compileUnary(op: '!' | '-', operandNode: Node, scope: Scope): Compiled {
  const operand = compile(operandNode, scope);
  const run = operand.run;
  if (op === '!') {
    requireBoolean(operand, operandNode, "the operand of '!'");
    return { type: 'boolean', run: (ctx) => run(ctx) !== true };
  }
  requireType(operand, ['number'], operandNode, "the operand of '-'");
  return { type: 'number', run: (ctx) => -numberOperand(run(ctx), "'-'") };
}

function compileBinary(node: Extract<Node, { type: 'binary' }>, scope: Scope): Compiled {
  const left = compile(node.left, scope);
  const right = compile(node.right, scope);
  const [l, r] = [left.run, right.run];
  const what = `the operands of '${node.op}'`;
  switch (node.op) {
    case '==':
    case '===':
    case '!=':
    case '!==': {
      for (const [side, sideNode] of [
        [left, node.left],
        [right, node.right],
      ] as const) {
        if (side.type === 'snapshot')
          throw new ExpressionError(
            startOf(sideNode),
            `cannot compare a data snapshot with '${node.op}' (compare its .val())`,
          );
        if (side.type === 'query')
          throw new ExpressionError(startOf(sideNode), `cannot compare the query object with '${node.op}'`);
      }
      const negate = node.op.startsWith('!');
      return { type: 'boolean', run: (ctx) => strictEquals(l(ctx), r(ctx)) !== negate };
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      requireType(left, ['number', 'string'], node.left, what);
      requireType(right, ['number', 'string'], node.right, what);
      if (left.type !== 'any' && right.type !== 'any' && left.type !== right.type) {
        throw new ExpressionError(node.pos, `cannot compare ${article(left.type)} with ${article(right.type)}`);
      }
      const test = ORDERINGS[node.op]!;
      return { type: 'boolean', run: (ctx) => test(...ordered(l(ctx), r(ctx))) };
    }
    case '+': {
      requireType(left, ['number', 'string'], node.left, what);
      requireType(right, ['number', 'string'], node.right, what);
      const type: StaticType =
        left.type === 'string' || right.type === 'string'
          ? 'string'
          : left.type === 'number' && right.type === 'number'
            ? 'number'
            : 'any';
      return { type, run: (ctx) => add(l(ctx), r(ctx)) };
    }
    default: {
      requireType(left, ['number'], node.left, what);
      requireType(right, ['number'], node.right, what);
      const apply = ARITHMETIC[node.op]!;
      const op = `'${node.op}'`;
      return { type: 'number', run: (ctx) => apply(numberOperand(l(ctx), op), numberOperand(r(ctx), op)) };
    }
  }
}

function compileLogical(op: '&&' | '||', leftNode: Node, rightNode: Node, scope: Scope): Compiled {
  const left = compile(leftNode, scope);
  const right = compile(rightNode, scope);
  requireBoolean(left, leftNode, `the operands of '${op}'`);
  requireBoolean(right, rightNode, `the operands of '${op}'`);
  const [l, r] = [left.run, right.run];
  const run: Run =
    op === '&&' ? (ctx) => l(ctx) === true && r(ctx) === true : (ctx) => l(ctx) === true || r(ctx) === true;
  return { type: 'boolean', run };
}

function compileConditional(node: Extract<Node, { type: 'conditional' }>, scope: Scope): Compiled {
  const test = compile(node.test, scope);
  requireBoolean(test, node.test, 'the condition of ?:');
  const consequent = compile(node.consequent, scope);
  const alternate = compile(node.alternate, scope);
  if ((consequent.type === 'snapshot') !== (alternate.type === 'snapshot')) {
    throw new ExpressionError(node.pos, 'both branches of ?: must be snapshots, or neither');
  }
  const type = consequent.type === alternate.type ? consequent.type : 'any';
  const [t, c, a] = [test.run, consequent.run, alternate.run];
  return { type, run: (ctx) => (t(ctx) === true ? c(ctx) : a(ctx)) };
}
