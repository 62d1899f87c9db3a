import { describe, expect, it } from 'vitest';
import { compileRules, JsonRulesData, RulesSyntaxError } from '../../server/rules';

/** The message of the RulesSyntaxError that compiling `text` throws. */
function errorOf(text: string): string {
  try {
    compileRules(text);
  } catch (error) {
    expect(error).toBeInstanceOf(RulesSyntaxError);
    return (error as Error).message;
  }
  throw new Error('expected compileRules to refuse the rules');
}

const withRule = (rule: string) => JSON.stringify({ rules: { users: { $uid: { '.write': rule } } } });

describe('rules files that are accepted', () => {
  it('allow // and /* */ comments, also inside and around values, but not inside strings', () => {
    const rules = compileRules(`
      // the whole database
      {
        /* block
           comment */ "rules": {
          ".read": "'//not a comment' == '//not a comment'", // trailing
          ".write": /* inline */ false
        }
      }`);
    expect(rules.canRead([], null, new JsonRulesData(null), 0)).toBe(true);
  });

  it('treat children named like Object methods as ordinary children', () => {
    const rules = compileRules(
      `{"rules": {"constructor": {".read": true}, "toString": {"__proto__": {".read": true}}}}`,
    );
    const none = new JsonRulesData(null);
    expect(rules.canRead(['constructor'], null, none, 0)).toBe(true);
    expect(rules.canRead(['toString', '__proto__'], null, none, 0)).toBe(true);
    expect(rules.canRead(['toString'], null, none, 0)).toBe(false);
    expect(rules.canRead(['hasOwnProperty'], null, none, 0)).toBe(false);
  });

  it('allow boolean and string rules, .indexOn strings and arrays, and $wildcards', () => {
    expect(() =>
      compileRules(
        `{"rules": {".read": true, "a": {".indexOn": "x", "$id": {".indexOn": ["y", "z"], ".validate": "$id.length < 10"}}}}`,
      ),
    ).not.toThrow();
  });
});

describe('a bad rules file is refused with the place and the reason', () => {
  it.each([
    ['JSON syntax', '{"rules": {\n  ".read": true,\n  }\n}', "line 3, column 3: expected '\"' but found '}'"],
    ['an unterminated comment', '{"rules": {} /* oops', 'line 1, column 14: unterminated /* comment'],
    ['trailing garbage', '{"rules": {}} x', "line 1, column 15: unexpected 'x' after the end of the document"],
    ['a duplicate key', '{"rules": {".read": true, ".read": false}}', 'line 1, column 27: duplicate key ".read"'],
    ['no rules key', '{"rulez": {}}', 'top level: expected an object with a "rules" key'],
    [
      'an extra top-level key',
      '{"rules": {}, "other": 1}',
      'top level["other"]: unknown key (only "rules" is allowed)',
    ],
    [
      'an unknown rule key',
      '{"rules": {"users": {".reed": true}}}',
      `rules.users[".reed"]: unknown rule '.reed' (expected .read, .write, .validate or .indexOn)`,
    ],
    [
      'a rule that is a number',
      '{"rules": {".read": 1}}',
      'rules[".read"]: expected a boolean or an expression string, got a number',
    ],
    [
      'a child that is not an object',
      '{"rules": {"users": true}}',
      'rules.users: expected an object of rules, got a boolean',
    ],
    [
      '.indexOn that is not a string or strings',
      '{"rules": {"p": {".indexOn": ["a", 1]}}}',
      'rules.p[".indexOn"]: expected a child name or an array of child names',
    ],
    [
      '.indexOn that is an object',
      '{"rules": {"p": {".indexOn": {}}}}',
      'rules.p[".indexOn"]: expected a child name or an array of child names',
    ],
    [
      'two wildcards at one level',
      '{"rules": {"$a": {}, "$b": {}}}',
      `rules["$b"]: only one wildcard per level, and there is already '$a'`,
    ],
    [
      'a repeated wildcard name',
      '{"rules": {"$a": {"$a": {}}}}',
      `rules.$a["$a"]: the wildcard '$a' is already used above`,
    ],
    [
      'a key with a forbidden character',
      '{"rules": {"a#b": {}}}',
      'rules["a#b"]: invalid key (keys cannot be empty or contain . # $ [ ] /)',
    ],
  ])('%s', (_name, text, message) => {
    expect(errorOf(text)).toBe(message);
  });

  it.each([
    ['an incomplete expression', '.write', 'auth.uid === $uid &&', 'column 21: unexpected end of expression'],
    ['an unknown variable', '.write', 'auth.uid === uid', "column 14: unknown variable 'uid'"],
    [
      'a wildcard that is not on the path',
      '.write',
      "$other == 'x'",
      "column 1: unknown variable '$other' (no such wildcard on the path to this rule)",
    ],
    [
      'an assignment',
      '.write',
      "auth.uid = 'x'",
      "column 10: unexpected character '=' (use '==' to compare; rules cannot assign)",
    ],
    ['an unterminated string', '.write', "auth.uid == 'x", 'column 13: unterminated string literal'],
    [
      'a number as the whole rule',
      '.write',
      '1 + 2',
      'column 1: a rule must be a boolean expression, but this is a number',
    ],
    [
      'a string as the whole rule',
      '.write',
      "'yes'",
      'column 1: a rule must be a boolean expression, but this is a string',
    ],
    [
      'a snapshot as the whole rule',
      '.write',
      'data',
      'column 1: a rule must be a boolean expression, but this is a data snapshot',
    ],
    ['an unknown snapshot method', '.write', 'data.size() > 1', 'column 6: snapshots have no method size()'],
    [
      'a snapshot property',
      '.write',
      'data.exists',
      "column 6: snapshots have no property 'exists' (did you mean exists()?)",
    ],
    ['a wrong number of arguments', '.write', 'data.child() == null', 'column 6: child() takes 1 argument(s), not 0'],
    [
      'a non-string child path',
      '.write',
      'data.child(1).exists()',
      'column 12: the argument of child() must be a string, but this is a number',
    ],
    [
      'matches without a regex literal',
      '.write',
      "auth.uid.matches('a')",
      'column 18: matches() needs a regular expression literal like /^a+$/',
    ],
    [
      'a regex outside matches',
      '.write',
      '/a/ == null',
      'column 1: a regular expression literal is only allowed as the argument of matches()',
    ],
    [
      'an unsupported regex flag',
      '.write',
      'auth.uid.matches(/a/g)',
      "column 21: unsupported regular expression flags 'g' (only 'i' is allowed)",
    ],
    [
      'an invalid regex',
      '.write',
      'auth.uid.matches(/(/)',
      'column 18: invalid regular expression: Invalid regular expression: /(/: Unterminated group',
    ],
    [
      'a regex word-boundary escape',
      '.write',
      'auth.uid.matches(/a\\b/)',
      "column 20: '\\b' is not supported in rules regular expressions (only \\s \\w \\d \\S \\W \\D and escaped symbols)",
    ],
    [
      'a regex lookahead',
      '.write',
      'auth.uid.matches(/(?=a)b/)',
      "column 19: '(?' (lookaround, named or non-capturing groups) is not supported in rules regular expressions",
    ],
    [
      'a regex ^ in the middle',
      '.write',
      'auth.uid.matches(/a^b/)',
      "column 20: '^' is only supported as the first character of a rules regular expression",
    ],
    [
      'a regex $ in the middle',
      '.write',
      'auth.uid.matches(/a$|b/)',
      "column 20: '$' is only supported as the last character of a rules regular expression",
    ],
    [
      'a lazy regex quantifier',
      '.write',
      'auth.uid.matches(/a+?/)',
      'column 21: lazy quantifiers are not supported in rules regular expressions',
    ],
    [
      'a snapshot method named like an Object method',
      '.write',
      'data.constructor() == null',
      'column 6: snapshots have no method constructor()',
    ],
    [
      'a string method named like an Object method',
      '.write',
      "auth.uid.toString() == 'a'",
      'column 10: strings have no method toString()',
    ],
    [
      'hasChildren with an empty array',
      '.write',
      'data.hasChildren([])',
      "column 18: hasChildren() needs a non-empty array literal of child names, like ['a', 'b']",
    ],
    [
      'hasChildren with a non-array',
      '.write',
      "data.hasChildren('a')",
      "column 18: hasChildren() needs a non-empty array literal of child names, like ['a', 'b']",
    ],
    ['newData in a .read rule', '.read', 'newData.exists()', 'column 1: newData is not available in .read rules'],
    ['an unknown query property', '.read', 'query.orderBy == true', "column 7: query has no property 'orderBy'"],
    [
      'comparing snapshots',
      '.write',
      'data == newData',
      "column 1: cannot compare a data snapshot with '==' (compare its .val())",
    ],
    [
      'comparing with the query object',
      '.read',
      'null != query',
      "column 9: cannot compare the query object with '!='",
    ],
    ['ordering a string and a number', '.write', "'a' < 1", 'column 5: cannot compare a string with a number'],
    [
      'arithmetic on a string',
      '.write',
      "'a' * 2 == 2",
      "column 1: the operands of '*' must be a number, but this is a string",
    ],
    [
      '! on a string',
      '.write',
      "!'a'",
      "column 2: the operand of '!' must be a boolean expression, but this is a string",
    ],
    [
      '&& on a number',
      '.write',
      '1 && true',
      "column 1: the operands of '&&' must be a boolean expression, but this is a number",
    ],
    [
      '|| on a value not known to be boolean',
      '.write',
      'auth.token.admin || false',
      "column 1: the operands of '||' must be a boolean expression, but this is a value",
    ],
    [
      '! on a value not known to be boolean',
      '.write',
      '!data.val()',
      "column 2: the operand of '!' must be a boolean expression, but this is a value",
    ],
    [
      'a value not known to be boolean as the whole rule',
      '.write',
      'data.val()',
      'column 1: a rule must be a boolean expression, but this is a value',
    ],
    [
      'a ternary condition not known to be boolean',
      '.write',
      'data.val() ? true : false',
      'column 1: the condition of ?: must be a boolean expression, but this is a value',
    ],
    ['a string method on a number', '.write', '(1).contains(1)', 'column 5: a number has no method contains()'],
    ['an unknown string method', '.write', "auth.uid.split(',') == null", 'column 10: strings have no method split()'],
    ['a call of a non-method', '.write', 'exists()', 'column 7: only methods can be called (e.g. data.exists())'],
    [
      'a ternary mixing snapshots and values',
      '.write',
      "(true ? data : 'x').exists()",
      'column 7: both branches of ?: must be snapshots, or neither',
    ],
  ])('%s', (_name, kind, rule, message) => {
    const text = JSON.stringify({ rules: { users: { $uid: { [kind]: rule } } } });
    expect(errorOf(text)).toBe(`rules.users.$uid["${kind}"], ${message}`);
  });

  it('carries the place and the reason separately for callers that format their own message', () => {
    try {
      compileRules(withRule("auth.uid == 'x' &&& true"));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RulesSyntaxError);
      expect((error as RulesSyntaxError).place).toBe('rules.users.$uid[".write"], column 19');
      expect((error as RulesSyntaxError).reason).toBe("unexpected character '&'");
      expect((error as RulesSyntaxError).name).toBe('RulesSyntaxError');
    }
  });

  it('refuses absurdly deep nesting with a message instead of exhausting the stack', () => {
    expect(errorOf(withRule(`${'('.repeat(5000)}true${')'.repeat(5000)}`))).toMatch(
      /^rules\.users\.\$uid\["\.write"\], column 201: expression nested too deeply/,
    );
    expect(errorOf(withRule(`${'!'.repeat(5000)}true`))).toMatch(/expression nested too deeply/);
    expect(errorOf(withRule(`${'1 + '.repeat(5000)}1 == 1`))).toMatch(/expression nested too deeply/);
    expect(errorOf(withRule(`data${".child('a')".repeat(5000)}.exists()`))).toMatch(/expression nested too deeply/);
    expect(errorOf(`{"rules": ${'{"a": '.repeat(5000)}{}${'}'.repeat(5000)}}`)).toMatch(
      /^line 1, column \d+: nested too deeply/,
    );
  });

  it('accepts long but reasonable expressions', () => {
    expect(() =>
      compileRules(withRule(Array.from({ length: 150 }, (_, i) => `data.hasChild('c${i}')`).join(' && '))),
    ).not.toThrow();
  });

  it('names the place of the rule in deeper levels too', () => {
    expect(errorOf(withRule('true &&'))).toBe('rules.users.$uid[".write"], column 8: unexpected end of expression');
    expect(errorOf(`{"rules": {"a": {"b": {"c": {".validate": "newData.isString() ||"}}}}}`)).toBe(
      'rules.a.b.c[".validate"], column 22: unexpected end of expression',
    );
  });
});
