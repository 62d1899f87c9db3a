import { describe, expect, it } from 'vitest';
import { ALLOW_ALL, compileRules, JsonRulesData, type RulesAuth } from '../../server/rules';
import { alice, check } from './rules-helpers';

const bob: RulesAuth = { uid: 'bob', provider: 'password', token: {} };
const empty = new JsonRulesData(null);

describe('read and write grants cascade down', () => {
  const rules = compileRules(`{
    "rules": {
      "public": { ".read": true, ".write": true, "locked": { ".read": false, ".write": false } },
      "private": { "open": { ".read": true, ".write": true } }
    }
  }`);

  it('a true .read at a path grants every path below, and a deeper false cannot revoke it', () => {
    expect(rules.canRead(['public'], null, empty, 0)).toBe(true);
    expect(rules.canRead(['public', 'locked'], null, empty, 0)).toBe(true);
    expect(rules.canRead(['public', 'locked', 'deeper', 'still'], null, empty, 0)).toBe(true);
  });

  it('a grant below does not grant the path above, and paths without rules are denied', () => {
    expect(rules.canRead(['private', 'open', 'x'], null, empty, 0)).toBe(true);
    expect(rules.canRead(['private'], null, empty, 0)).toBe(false);
    expect(rules.canRead([], null, empty, 0)).toBe(false);
    expect(rules.canRead(['elsewhere', 'x'], null, empty, 0)).toBe(false);
  });

  it('the same cascade applies to writes, and only the rules from the root to the written path count', () => {
    expect(
      check(`{"rules": {"public": {".write": true, "locked": {".write": false}}}}`, null, [
        { path: ['public', 'locked'], value: 1 },
      ]).allowed,
    ).toBe(true);
    expect(
      check(`{"rules": {"private": {"open": {".write": true}}}}`, null, [{ path: ['private'], value: { open: 1 } }])
        .allowed,
    ).toBe(false);
    expect(
      check(`{"rules": {"private": {"open": {".write": true}}}}`, null, [{ path: ['private', 'open'], value: 1 }])
        .allowed,
    ).toBe(true);
  });

  it('an empty rules object denies everything, ALLOW_ALL allows everything', () => {
    const none = compileRules('{"rules": {}}');
    expect(none.canRead([], null, empty, 0)).toBe(false);
    expect(none.checkWrite([['a']], null, empty, empty, 0).allowed).toBe(false);
    expect(ALLOW_ALL.canRead(['a'], null, empty, 0)).toBe(true);
    expect(ALLOW_ALL.checkWrite([['a']], null, empty, empty, 0)).toEqual({ allowed: true, reason: '' });
  });
});

describe('$wildcards', () => {
  const rulesText = JSON.stringify({
    rules: {
      users: {
        $uid: {
          '.read': 'auth != null && auth.uid == $uid',
          '.write': 'auth != null && auth.uid == $uid',
          posts: { $postId: { '.validate': "newData.child('id').val() == $postId && $uid.length > 0" } },
          fixed: { '.read': true },
        },
      },
    },
  });
  const rules = compileRules(rulesText);

  it('bind the matched key for the rules below them', () => {
    expect(rules.canRead(['users', 'alice'], alice, empty, 0)).toBe(true);
    expect(rules.canRead(['users', 'bob'], alice, empty, 0)).toBe(false);
    expect(rules.canRead(['users', 'bob', 'fixed'], alice, empty, 0)).toBe(true);
  });

  it('are visible in nested rules, next to the nested wildcard', () => {
    expect(
      check(rulesText, null, [{ path: ['users', 'alice', 'posts', 'p1'], value: { id: 'p1' } }], alice).allowed,
    ).toBe(true);
    expect(check(rulesText, null, [{ path: ['users', 'alice', 'posts', 'p1'], value: { id: 'p2' } }], alice)).toEqual({
      allowed: false,
      reason: 'validation failed at /users/alice/posts/p1 (rules.users.$uid.posts.$postId[".validate"])',
    });
  });

  it('a named child wins over the wildcard beside it', () => {
    const named = compileRules(
      `{"rules": {"$any": {".read": false, "x": {".read": true}}, "special": {".read": true}}}`,
    );
    expect(named.canRead(['special'], null, empty, 0)).toBe(true);
    expect(named.canRead(['other'], null, empty, 0)).toBe(false);
    expect(named.canRead(['other', 'x'], null, empty, 0)).toBe(true);
  });
});

describe('.validate', () => {
  const rules = `{
    "rules": {
      ".write": true,
      "widget": {
        ".validate": "newData.hasChildren(['color', 'size'])",
        "size": { ".validate": "newData.isNumber() && newData.val() >= 0 && newData.val() <= 99" },
        "color": { ".validate": "newData.isString()" },
        "$other": { ".validate": false }
      }
    }
  }`;

  it('must hold on every non-null node of the written subtree', () => {
    expect(check(rules, null, [{ path: ['widget'], value: { color: 'red', size: 3 } }]).allowed).toBe(true);
    expect(check(rules, null, [{ path: ['widget'], value: { color: 'red', size: 300 } }]).reason).toBe(
      'validation failed at /widget/size (rules.widget.size[".validate"])',
    );
    expect(check(rules, null, [{ path: ['widget'], value: { color: 7, size: 3 } }]).allowed).toBe(false);
    expect(check(rules, null, [{ path: ['widget'], value: { color: 'red' } }]).allowed).toBe(false);
  });

  it('$other: false refuses unknown children', () => {
    expect(check(rules, null, [{ path: ['widget'], value: { color: 'red', size: 3, extra: 1 } }]).reason).toBe(
      'validation failed at /widget/extra (rules.widget.$other[".validate"])',
    );
  });

  it('is not evaluated on deleted (null) nodes, so deleting is governed by .write alone', () => {
    const before = { widget: { color: 'red', size: 3 } };
    expect(check(rules, before, [{ path: ['widget'], value: null }]).allowed).toBe(true);
    // Deleting a required child leaves an invalid parent, which the parent's .validate refuses.
    expect(check(rules, before, [{ path: ['widget', 'size'], value: null }]).allowed).toBe(false);
  });

  it('of ancestors of the write location is evaluated too, against the merged data (as Firebase does)', () => {
    expect(check(rules, null, [{ path: ['widget', 'size'], value: 5 }]).reason).toBe(
      'validation failed at /widget (rules.widget[".validate"])',
    );
    expect(check(rules, { widget: { color: 'red', size: 1 } }, [{ path: ['widget', 'size'], value: 5 }]).allowed).toBe(
      true,
    );
  });

  it('does not cascade: a true .validate above does not excuse a failing one below', () => {
    const text = `{"rules": {".write": true, ".validate": true, "a": {".validate": "newData.isString()"}}}`;
    expect(check(text, null, [{ path: ['a'], value: 1 }]).allowed).toBe(false);
    expect(check(text, null, [{ path: ['a'], value: 'ok' }]).allowed).toBe(true);
  });

  it('applies to a write below the deepest rule through the ancestors on its path', () => {
    expect(
      check(rules, { widget: { color: 'red', size: 1 } }, [{ path: ['widget', 'size', 'deeper'], value: 2 }]).reason,
    ).toBe('validation failed at /widget/size (rules.widget.size[".validate"])');
    expect(check(rules, null, [{ path: ['widget', 'mystery', 'deeper'], value: 2 }]).allowed).toBe(false);
  });

  it('sees priorities written with the data', () => {
    const text = `{"rules": {".write": true, "p": {".validate": "newData.getPriority() === 5 && data.getPriority() === null"}}}`;
    expect(check(text, null, [{ path: ['p'], value: { a: 1, '.priority': 5 } }]).allowed).toBe(true);
    expect(check(text, null, [{ path: ['p'], value: { a: 1, '.priority': 6 } }]).allowed).toBe(false);
    expect(check(text, null, [{ path: ['p'], value: { '.value': 'leaf', '.priority': 5 } }]).allowed).toBe(true);
  });

  it('is never a grant: without a .write nothing is allowed', () => {
    expect(check(`{"rules": {"a": {".validate": true}}}`, null, [{ path: ['a'], value: 1 }]).allowed).toBe(false);
  });

  it('sees existing data below the written node (unchanged children are part of newData)', () => {
    const text = `{"rules": {".write": true, "p": {".validate": "newData.child('a').val() + newData.child('b').val() == 3"}}}`;
    expect(check(text, { p: { a: 1 } }, [{ path: ['p', 'b'], value: 2 }]).allowed).toBe(true);
    expect(check(text, { p: { a: 1 } }, [{ path: ['p', 'b'], value: 5 }]).allowed).toBe(false);
  });
});

describe('a multi-path update is all or nothing', () => {
  const rules = `{
    "rules": {
      "a": { ".write": true, ".validate": "newData.isNumber()" },
      "b": { ".write": "auth != null" },
      "c": { ".write": true, ".validate": "newData.val() == newData.parent().child('a').val()" }
    }
  }`;

  it('is allowed only when every path is allowed and valid', () => {
    expect(
      check(
        rules,
        null,
        [
          { path: ['a'], value: 1 },
          { path: ['b'], value: 'x' },
        ],
        alice,
      ).allowed,
    ).toBe(true);
    expect(
      check(
        rules,
        null,
        [
          { path: ['a'], value: 1 },
          { path: ['b'], value: 'x' },
        ],
        null,
      ),
    ).toEqual({
      allowed: false,
      reason: 'write denied at /b: no .write rule allows it',
    });
    expect(
      check(
        rules,
        null,
        [
          { path: ['a'], value: 'one' },
          { path: ['b'], value: 'x' },
        ],
        alice,
      ).allowed,
    ).toBe(false);
  });

  it('rules see the whole operation applied (newData of one path includes the others)', () => {
    expect(
      check(rules, { a: 1, c: 1 }, [
        { path: ['a'], value: 2 },
        { path: ['c'], value: 2 },
      ]).allowed,
    ).toBe(true);
    expect(check(rules, { a: 1, c: 1 }, [{ path: ['c'], value: 2 }]).allowed).toBe(false);
  });
});

describe('.indexOn', () => {
  const rules = compileRules(
    `{"rules": {"products": {".indexOn": ["active", "sort"]}, "users": {"$uid": {"orders": {".indexOn": "created"}}}}}`,
  );

  it('returns the entries at the path, through wildcards, and none elsewhere', () => {
    expect(rules.indexOn(['products'])).toEqual(['active', 'sort']);
    expect(rules.indexOn(['users', 'bob', 'orders'])).toEqual(['created']);
    expect(rules.indexOn(['users'])).toEqual([]);
    expect(rules.indexOn(['products', 'p1'])).toEqual([]);
    expect(rules.indexOn(['nowhere', 'deep'])).toEqual([]);
  });
});

describe('query rules', () => {
  const rules = compileRules(`{
    "rules": { "items": { ".read": "query.orderByChild == 'owner' && query.equalTo == auth.uid && query.limitToFirst <= 20" } }
  }`);
  const query = (equalTo: string, limitToFirst?: number) => ({
    orderByKey: false,
    orderByPriority: false,
    orderByValue: false,
    orderByChild: 'owner',
    equalTo,
    limitToFirst,
  });

  it('grant only the reads whose query matches', () => {
    expect(rules.canRead(['items'], bob, empty, 0, query('bob', 10))).toBe(true);
    expect(rules.canRead(['items'], bob, empty, 0, query('alice', 10))).toBe(false);
    expect(rules.canRead(['items'], bob, empty, 0, query('bob', 100))).toBe(false);
    expect(rules.canRead(['items'], bob, empty, 0, query('bob'))).toBe(false);
    expect(rules.canRead(['items'], bob, empty, 0)).toBe(false);
  });
});

describe('checkWrite evaluates only the rules along the written paths and in the written subtrees', () => {
  /** Records every path rules ask a value for. */
  class RecordingData extends JsonRulesData {
    readonly asked: string[] = [];
    override val(path: readonly string[]) {
      this.asked.push(`/${path.join('/')}`);
      return super.val(path);
    }
  }
  const rules = compileRules(`{
    "rules": {
      ".write": true,
      "big": { "$k": { ".validate": "newData.isNumber()" } },
      "small": { ".validate": "newData.isString()" }
    }
  }`);
  const big = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));

  it('a write elsewhere does not look at the big subtree', () => {
    const before = new JsonRulesData({ big });
    const after = new RecordingData({ big, small: 'x' });
    expect(rules.checkWrite([['small']], null, before, after, 0).allowed).toBe(true);
    expect(after.asked.filter((p) => p.startsWith('/big'))).toEqual([]);
  });

  it('a write of one child of the big subtree looks at that child only', () => {
    const before = new JsonRulesData({ big });
    const after = new RecordingData({ big: { ...big, k5: 3 } });
    expect(rules.checkWrite([['big', 'k5']], null, before, after, 0).allowed).toBe(true);
    expect(new Set(after.asked)).toEqual(new Set(['/big/k5']));
  });
});
