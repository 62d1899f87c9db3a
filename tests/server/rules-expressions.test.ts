import { describe, expect, it } from 'vitest';
import { alice, readRule, writeRule } from './rules-helpers';

const data = {
  s: 'Hello World',
  n: 42,
  f: 1.5,
  t: true,
  o: { a: 1, b: 'two', nested: { deep: 'yes' } },
  p: { '.value': 'with priority', '.priority': 7 },
  empty: {},
};

const truth = (expression: string, options: Parameters<typeof readRule>[1] = {}) =>
  readRule(expression, { data, ...options });

describe('literals and operators', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['1 == 1', true],
    ['1 === 1.0', true],
    ["'a' == 'a'", true],
    ['"a" == "b"', false],
    ['null == null', true],
    ["1 == '1'", false],
    ['true != false', true],
    ["'a' !== 'a'", false],
    ['1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3', true],
    ["'abc' < 'abd'", true],
    ['2 + 3 == 5', true],
    ["'a' + 'b' == 'ab'", true],
    ["'n' + 1 == 'n1'", true],
    ['7 - 10 == -3', true],
    ['6 * 7 == 42', true],
    ['7 / 2 == 3.5', true],
    ['7 % 3 == 1', true],
    ['1 + 2 * 3 == 7', true],
    ['(1 + 2) * 3 == 9', true],
    ['-(2) == 0 - 2', true],
    ['!false', true],
    ['!!true', true],
    ['false || true', true],
    ['true && false', false],
    ['false && true || true', true],
    ['false && (true || true)', false],
    ['true ? true : false', true],
    ['false ? true : 1 == 1', true],
    ["1 > 2 ? 'x' == 'x' : 'y' == 'z'", false],
    ['1e3 == 1000 && .5 == 0.5', true],
    ["'it\\'s' == \"it's\"", true],
    ["'\\u0041' == 'A'", true],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression)).toBe(expected);
  });

  it('short-circuits: the right side of a decided && or || is not evaluated (no error)', () => {
    expect(truth("false && data.child('missing').val().length > 0")).toBe(false);
    expect(truth("true || data.child('missing').val().length > 0")).toBe(true);
    expect(truth("!(false && data.child('missing').val().length > 0)")).toBe(true);
  });
});

describe('snapshot methods', () => {
  it.each([
    ["data.child('s').val() == 'Hello World'", true],
    ["data.child('o/nested/deep').val() == 'yes'", true],
    ["data.child('o').child('nested').child('deep').val() == 'yes'", true],
    ["data.child('o/nested').parent().child('a').val() == 1", true],
    ["data.child('o').exists()", true],
    ["data.child('nope').exists()", false],
    ["data.child('empty').exists()", false],
    ["data.hasChild('n')", true],
    ["data.hasChild('o/nested/deep')", true],
    ["data.hasChild('zzz')", false],
    ["data.child('o').hasChildren()", true],
    ["data.child('s').hasChildren()", false],
    ["data.child('o').hasChildren(['a', 'b'])", true],
    ["data.child('o').hasChildren(['a', 'c'])", false],
    ["data.child('n').isNumber() && data.child('f').isNumber()", true],
    ["data.child('s').isNumber()", false],
    ["data.child('s').isString()", true],
    ["data.child('t').isBoolean()", true],
    ["data.child('n').isBoolean()", false],
    ["data.child('p').val() == 'with priority'", true],
    ["data.child('p').getPriority() == 7", true],
    ["data.child('s').getPriority() == null", true],
    ["root.child('n').val() == 42", true],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression)).toBe(expected);
  });

  it('newData sees the merged result of the write and data the state before it', () => {
    const options = { data: { x: 'old', keep: 1 }, path: ['x'], value: 'new' };
    expect(writeRule("newData.child('x').val() == 'new' && data.child('x').val() == 'old'", options)).toBe(true);
    expect(writeRule("newData.child('keep').val() == 1", options)).toBe(true);
    expect(writeRule("root.child('x').val() == 'old'", options)).toBe(true);
    expect(writeRule("newData.child('x').val() == 'old'", options)).toBe(false);
  });
});

describe('string methods and property', () => {
  it.each([
    ["data.child('s').val().length == 11", true],
    ["data.child('s').val().contains('lo W')", true],
    ["data.child('s').val().contains('xyz')", false],
    ["data.child('s').val().beginsWith('Hell')", true],
    ["data.child('s').val().beginsWith('World')", false],
    ["data.child('s').val().endsWith('World')", true],
    ["data.child('s').val().replace('o', '0') == 'Hell0 W0rld'", true],
    ["data.child('s').val().toLowerCase() == 'hello world'", true],
    ["data.child('s').val().toUpperCase() == 'HELLO WORLD'", true],
    ["data.child('s').val().matches(/^Hello [A-Z]\\w+$/)", true],
    ["data.child('s').val().matches(/^hello/)", false],
    ["data.child('s').val().matches(/^hello/i)", true],
    ["data.child('s').val().matches(/[/]/)", false],
    ["'a/b'.matches(/a\\/b/)", true],
    ["'abc'.length == 3", true],
    // The two examples of Firebase's regular expression documentation.
    ["'2024-05-17'.matches(/^(19|20)[0-9][0-9][-\\/. ](0[1-9]|1[012])[-\\/. ](0[1-9]|[12][0-9]|3[01])$/)", true],
    ["'2024-13-17'.matches(/^(19|20)[0-9][0-9][-\\/. ](0[1-9]|1[012])[-\\/. ](0[1-9]|[12][0-9]|3[01])$/)", false],
    ["'Ann@Example.com'.matches(/^[A-Z0-9._%+-]+@[A-Z0-9.-]+\\.[A-Z]{2,4}$/i)", true],
    ["'a$b'.matches(/a\\$b/) && '[x]'.matches(/^\\[x\\]$/) && ' '.matches(/^\\s$/)", true],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression)).toBe(expected);
  });

  it('divides after a value and reads a regular expression elsewhere', () => {
    expect(truth("data.child('n').val() / 2 == 21")).toBe(true);
    expect(truth("(data.child('n').val()) / 2 / 3 == 7")).toBe(true);
  });
});

describe('variables', () => {
  it('auth is null when signed out and carries uid, provider and token claims when signed in', () => {
    expect(truth('auth == null')).toBe(true);
    expect(truth('auth != null', { auth: alice })).toBe(true);
    expect(truth("auth.uid == 'alice' && auth.provider == 'password'", { auth: alice })).toBe(true);
    expect(truth("auth.token.email == 'alice@example.com'", { auth: alice })).toBe(true);
    expect(truth("auth.token['email'].endsWith('@example.com')", { auth: alice })).toBe(true);
    expect(truth('auth.token.email_verified == true', { auth: alice })).toBe(true);
    expect(truth('auth.token.admin == true', { auth: alice })).toBe(false);
    expect(truth('auth.token.admin == null', { auth: alice })).toBe(true);
  });

  it('auth.<claim> reads a claim of a down-scoped admin, and is null for an ID token', () => {
    expect(truth("auth.role == 'staff'", { auth: { ...alice, role: 'staff' } })).toBe(true);
    expect(truth('auth.role == null', { auth: alice })).toBe(true);
    expect(truth('auth.constructor == null', { auth: alice })).toBe(true);
  });

  it('now is the time given to the check', () => {
    expect(truth('now == 1234', { now: 1234 })).toBe(true);
    expect(truth('now > 2000', { now: 1234 })).toBe(false);
  });

  it('query.* reflects the query, with unset entries null and orderBy flags false', () => {
    const query = {
      orderByKey: false,
      orderByPriority: false,
      orderByValue: false,
      orderByChild: 'active',
      equalTo: true,
      limitToFirst: 10,
    };
    expect(truth("query.orderByChild == 'active' && query.equalTo == true", { query })).toBe(true);
    expect(truth('query.limitToFirst <= 50 && query.limitToLast == null && query.startAt == null', { query })).toBe(
      true,
    );
    expect(truth('query.orderByKey || query.orderByValue || query.orderByPriority', { query })).toBe(false);
    expect(truth('query.orderByChild == null && query.equalTo == null && query.orderByKey == false')).toBe(true);
    expect(writeRule('query.orderByChild == null && !query.orderByKey')).toBe(true);
    const byKey = {
      orderByKey: true,
      orderByPriority: false,
      orderByValue: false,
      orderByChild: null,
      startAt: 'a',
      endAt: 'b',
      limitToLast: 3,
    };
    expect(
      truth("query.orderByKey && query.startAt == 'a' && query.endAt == 'b' && query.limitToLast == 3", {
        query: byKey,
      }),
    ).toBe(true);
  });
});

describe('an error while evaluating makes the rule false', () => {
  it.each([
    ['a method on null', "data.child('missing').val().length > 0"],
    ['a string method on a number', "data.child('n').val().contains('4')"],
    ['child() of null auth.uid', 'root.child(auth.uid).exists()'],
    ['child() of null auth.uid under !', '!root.child(auth.uid).exists()'],
    ['child() of null auth.uid beside a true alternative', 'root.child(auth.uid).exists() || 1 == 1'],
    ['ordering a string and a number', "data.child('s').val() < 5"],
    ['arithmetic on a string', "data.child('s').val() - 1 == 0"],
    ['the parent of the root', 'root.parent().exists()'],
    ['child() with a number', "data.child(data.child('n').val()).exists()"],
    ['comparing objects', "data.child('o').val() == data.child('o').val()"],
    ['adding null', "'a' + data.child('missing').val() == 'anull'"],
  ])('%s', (_name, expression) => {
    expect(truth(expression)).toBe(false);
  });

  it('the same rules succeed when the values have the right types (the errors above are not parse errors)', () => {
    expect(truth("data.child('s').val().length > 0")).toBe(true);
    expect(truth("auth.uid == 'alice'", { auth: alice })).toBe(true);
    expect(truth("!(auth.uid == 'bob')", { auth: alice })).toBe(true);
    expect(truth('root.child(auth.uid).exists() || 1 == 1', { auth: alice })).toBe(true);
  });

  it('a property of null is null, not an error, so a signed-out auth.uid just compares unequal', () => {
    expect(truth('auth.uid == null')).toBe(true);
    expect(truth("!(auth.uid == 'alice')")).toBe(true);
    expect(truth("auth.uid == 'alice' || 1 == 1")).toBe(true);
    expect(truth('auth.token.email == null')).toBe(true);
  });

  it('dividing by zero gives NaN, which equals nothing', () => {
    expect(truth('1 / 0 == 1 / 0')).toBe(false);
    expect(truth('1 / 0 > 0 || 1 / 0 <= 0')).toBe(false);
  });
});
