import { compileRule, type CompiledRule, type RuleKind } from './expression/compiler';
import { ExpressionError } from './expression/tokenizer';
import type { JsonValue } from './json-with-comments';
import { RulesSyntaxError } from './types';

export interface Rule {
  evaluate: CompiledRule;
  /** e.g. `rules.users.$uid[".write"]`, for denial reasons */
  place: string;
}

/** The rules at one level of the rules tree. */
export interface RuleNode {
  read: Rule | null;
  write: Rule | null;
  validate: Rule | null;
  indexOn: string[];
  children: ReadonlyMap<string, RuleNode>;
  wildcard: { name: string; node: RuleNode } | null;
}

// Maps, not object literals: a child named "constructor" must not look like a rule.
const RULE_KINDS: ReadonlyMap<string, RuleKind> = new Map([
  ['.read', 'read'],
  ['.write', 'write'],
  ['.validate', 'validate'],
]);

/** Characters Firebase forbids in keys; `$` is allowed only to start a wildcard. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const BAD_KEY_CHARACTERS = /[.#$[\]/\u0000-\u001f\u007f]/;

function typeName(value: JsonValue): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function compileOne(value: JsonValue, kind: RuleKind, place: string, wildcards: ReadonlySet<string>): Rule {
  if (typeof value === 'boolean') return { evaluate: () => value, place };
  if (typeof value !== 'string')
    throw new RulesSyntaxError(place, `expected a boolean or an expression string, got ${typeName(value)}`);
  try {
    return { evaluate: compileRule(value, kind, wildcards), place };
  } catch (error) {
    if (error instanceof ExpressionError) throw new RulesSyntaxError(`${place}, column ${error.pos + 1}`, error.reason);
    throw error;
  }
}

function indexOnOf(value: JsonValue, place: string): string[] {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((entry): entry is string => typeof entry === 'string')) {
    throw new RulesSyntaxError(place, 'expected a child name or an array of child names');
  }
  return list;
}

/** Builds the rules tree below `place` (e.g. `rules.users`), checking every key and compiling every expression. */
export function buildRuleNode(rules: JsonValue, place: string, wildcards: ReadonlySet<string>): RuleNode {
  if (!isObject(rules)) throw new RulesSyntaxError(place, `expected an object of rules, got ${typeName(rules)}`);
  const node: RuleNode = { read: null, write: null, validate: null, indexOn: [], children: new Map(), wildcard: null };
  const children = new Map<string, RuleNode>();
  for (const [key, value] of Object.entries(rules)) {
    const rulePlace = `${place}["${key}"]`;
    const kind = RULE_KINDS.get(key);
    if (kind) {
      node[kind] = compileOne(value, kind, rulePlace, wildcards);
    } else if (key === '.indexOn') {
      node.indexOn = indexOnOf(value, rulePlace);
    } else if (key.startsWith('.')) {
      throw new RulesSyntaxError(rulePlace, `unknown rule '${key}' (expected .read, .write, .validate or .indexOn)`);
    } else if (key.startsWith('$')) {
      const name = key;
      if (BAD_KEY_CHARACTERS.test(name.slice(1)) || name.length === 1)
        throw new RulesSyntaxError(rulePlace, `invalid wildcard name '${name}'`);
      if (node.wildcard)
        throw new RulesSyntaxError(
          rulePlace,
          `only one wildcard per level, and there is already '${node.wildcard.name}'`,
        );
      if (wildcards.has(name)) throw new RulesSyntaxError(rulePlace, `the wildcard '${name}' is already used above`);
      node.wildcard = { name, node: buildRuleNode(value, `${place}.${key}`, new Set([...wildcards, name])) };
    } else {
      if (key === '' || BAD_KEY_CHARACTERS.test(key))
        throw new RulesSyntaxError(rulePlace, `invalid key (keys cannot be empty or contain . # $ [ ] /)`);
      children.set(key, buildRuleNode(value, `${place}.${key}`, wildcards));
    }
  }
  node.children = children;
  return node;
}
