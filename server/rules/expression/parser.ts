import type { BinaryOperator, Node } from './ast';
import { ExpressionError, tokenize, type Token } from './tokenizer';

/** Binary operators by precedence level, loosest first (all left-associative). */
const BINARY_LEVELS: readonly (readonly BinaryOperator[])[] = [
  ['==', '!=', '===', '!=='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

/** Deeper expressions are refused, so that compiling and evaluating them cannot exhaust the stack. */
const MAX_EXPRESSION_DEPTH = 200;

/** Children of a node, for the depth check. */
function childrenOf(node: Node): Node[] {
  switch (node.type) {
    case 'array':
      return node.items;
    case 'member':
      return [node.object];
    case 'index':
      return [node.object, node.index];
    case 'call':
      return [node.object, ...node.args];
    case 'unary':
      return [node.operand];
    case 'binary':
    case 'logical':
      return [node.left, node.right];
    case 'conditional':
      return [node.test, node.consequent, node.alternate];
    default:
      return [];
  }
}

/** Long chains (a + b + c..., a.b.c...) are built by loops, so their depth is measured afterwards, without recursion. */
function checkDepth(tree: Node): void {
  const pending: [Node, number][] = [[tree, 1]];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const [node, depth] = entry;
    if (depth > MAX_EXPRESSION_DEPTH)
      throw new ExpressionError(node.pos, `expression nested too deeply (more than ${MAX_EXPRESSION_DEPTH} levels)`);
    for (const child of childrenOf(node)) pending.push([child, depth + 1]);
  }
}

/** Parses one rules expression into a syntax tree; throws ExpressionError with the offset of the problem. */
export function parseExpression(text: string): Node {
  const tokens = tokenize(text);
  let index = 0;
  let nesting = 0;

  const peek = (): Token => tokens[index]!;
  const next = (): Token => tokens[index++]!;
  const isPunct = (value: string): boolean => {
    const token = peek();
    return token.kind === 'punct' && token.value === value;
  };
  const describe = (token: Token): string => {
    if (token.kind === 'end') return 'end of expression';
    if (token.kind === 'regex') return `regular expression ${token.source}`;
    if (token.kind === 'string') return `string '${token.value}'`;
    return `'${token.value}'`;
  };
  const expectPunct = (value: string): Token => {
    const token = next();
    if (token.kind !== 'punct' || token.value !== value) {
      throw new ExpressionError(token.pos, `expected '${value}' but found ${describe(token)}`);
    }
    return token;
  };

  /** Guards the recursive descent (parentheses, arguments, ?:, prefix operators) against deep nesting. */
  const nested = <T>(parse: () => T): T => {
    if (++nesting > MAX_EXPRESSION_DEPTH) {
      throw new ExpressionError(peek().pos, `expression nested too deeply (more than ${MAX_EXPRESSION_DEPTH} levels)`);
    }
    const result = parse();
    nesting--;
    return result;
  };

  const parseConditional = (): Node =>
    nested(() => {
      const test = parseLogical(0);
      if (!isPunct('?')) return test;
      const pos = next().pos;
      const consequent = parseConditional();
      expectPunct(':');
      const alternate = parseConditional();
      return { type: 'conditional', test, consequent, alternate, pos };
    });

  const LOGICAL = ['||', '&&'] as const;
  const parseLogical = (level: number): Node => {
    const op = LOGICAL[level];
    if (op === undefined) return parseBinary(0);
    let left = parseLogical(level + 1);
    while (isPunct(op)) {
      const pos = next().pos;
      left = { type: 'logical', op, left, right: parseLogical(level + 1), pos };
    }
    return left;
  };

  const parseBinary = (level: number): Node => {
    const ops = BINARY_LEVELS[level];
    if (ops === undefined) return parseUnary();
    let left = parseBinary(level + 1);
    for (;;) {
      const token = peek();
      const op = token.kind === 'punct' ? ops.find((o) => o === token.value) : undefined;
      if (op === undefined) return left;
      next();
      left = { type: 'binary', op, left, right: parseBinary(level + 1), pos: token.pos };
    }
  };

  const parseUnary = (): Node => {
    if (isPunct('!') || isPunct('-')) {
      const token = next();
      return {
        type: 'unary',
        op: token.kind === 'punct' && token.value === '-' ? '-' : '!',
        operand: nested(parseUnary),
        pos: token.pos,
      };
    }
    return parsePostfix(parsePrimary());
  };

  /** Comma-separated expressions up to `close` (the opening bracket already read). */
  const parseList = (close: string): Node[] => {
    const items: Node[] = [];
    if (isPunct(close)) {
      next();
      return items;
    }
    for (;;) {
      items.push(parseConditional());
      if (isPunct(',')) {
        next();
        continue;
      }
      expectPunct(close);
      return items;
    }
  };

  const parsePostfix = (start: Node): Node => {
    let node = start;
    for (;;) {
      if (isPunct('.')) {
        next();
        const name = next();
        if (name.kind !== 'identifier')
          throw new ExpressionError(name.pos, `expected a property name but found ${describe(name)}`);
        if (isPunct('(')) {
          next();
          node = { type: 'call', object: node, method: name.value, args: parseList(')'), pos: name.pos };
        } else {
          node = { type: 'member', object: node, property: name.value, pos: name.pos };
        }
      } else if (isPunct('[')) {
        const pos = next().pos;
        const indexNode = parseConditional();
        expectPunct(']');
        node = { type: 'index', object: node, index: indexNode, pos };
      } else if (isPunct('(')) {
        throw new ExpressionError(peek().pos, 'only methods can be called (e.g. data.exists())');
      } else {
        return node;
      }
    }
  };

  const parsePrimary = (): Node => {
    const token = next();
    switch (token.kind) {
      case 'number':
      case 'string':
        return { type: 'literal', value: token.value, pos: token.pos };
      case 'regex':
        return { type: 'regex', value: token.value, pos: token.pos };
      case 'identifier':
        if (token.value === 'true' || token.value === 'false')
          return { type: 'literal', value: token.value === 'true', pos: token.pos };
        if (token.value === 'null') return { type: 'literal', value: null, pos: token.pos };
        return { type: 'identifier', name: token.value, pos: token.pos };
      case 'punct':
        if (token.value === '(') {
          const inner = parseConditional();
          expectPunct(')');
          return inner;
        }
        if (token.value === '[') return { type: 'array', items: parseList(']'), pos: token.pos };
        break;
      case 'end':
        break;
    }
    throw new ExpressionError(token.pos, `unexpected ${describe(token)}`);
  };

  const tree = parseConditional();
  const rest = peek();
  if (rest.kind !== 'end')
    throw new ExpressionError(rest.pos, `unexpected ${describe(rest)} after a complete expression`);
  checkDepth(tree);
  return tree;
}
