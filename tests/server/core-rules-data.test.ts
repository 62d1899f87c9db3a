import { describe, expect, it } from 'vitest';
import { Database } from '../../server/core/database';
import { ANONYMOUS } from '../../server/core/identity';
import { MemoryPersistence } from '../../server/persistence/memory';
import type { ExportJson } from '../../server/core/model';
import { OpIndex, overlayData, treeData, type TreeOp } from '../../server/core/rules-data';
import { withValueAt } from '../../server/core/tree';
import { compileRules } from '../../server/rules/index';

// Rules on a list node that look at the list itself, evaluated at every write of one of its items.
const RULES = compileRules(`{
  "rules": {
    ".read": true,
    "list": {
      ".validate": "newData.exists() && newData.hasChildren() && newData.hasChild('keep') && (data.exists() || !data.hasChildren())",
      "$id": { ".write": true }
    }
  }
}`);

/** A database whose `list` counts how often it is enumerated (copying or converting it enumerates it). */
function listDatabase(size: number) {
  const counter = { enumerations: 0 };
  const items: Record<string, ExportJson> = { keep: true };
  for (let i = 0; i < size; i++) items[`k${i}`] = i;
  const list = new Proxy(items, {
    ownKeys: (target) => {
      counter.enumerations++;
      return Reflect.ownKeys(target);
    },
  });
  const db = new Database(new MemoryPersistence(), new Map([['ns', { list }]]), RULES);
  const write = (key: string, value: unknown) => db.write('ns', ANONYMOUS, { kind: 'set', path: ['list', key], value });
  return { db, counter, write };
}

describe("rules' views of the data", () => {
  it('answer exists/hasChild/hasChildren on a list without enumerating it at each write', async () => {
    const { counter, write } = listDatabase(1000);
    for (let i = 0; i < 200; i++) await write(`new${i}`, { n: i });
    await write('k0', 'changed');
    expect(counter.enumerations).toBe(0);
  });

  it('still judge deletions by what the list holds afterwards', async () => {
    const { db, write } = listDatabase(2);
    await write('k0', null);
    expect(db.valueAt('ns', ['list'])).toEqual({ keep: true, k1: 1 });
    // Deleting "keep" would leave a list without it: the list's .validate refuses.
    expect(await write('keep', null)).toMatchObject({ status: 'permission_denied' });
    // Deleting everything else leaves "keep"; deleting it then leaves no list, and .validate has nothing to check.
    await write('k1', null);
    await write('keep', null);
    expect(db.valueAt('ns', ['list'])).toBeNull();
  });
});

describe("rules' view of a write with many paths (an allocator's batch)", () => {
  it('reads at every path exactly what the data holds after the write, as with a few paths', () => {
    const root: ExportJson = {
      orders: { u1: { o0: { status: 'pending' } }, u2: { keep: 1 } },
      tickets: { gig: { 'o0-0': { uid: 'u1' } } },
      products: { gig: { stock: 10 } },
    };
    // More ops than are looked through in a line: sets, a nested object, deletes, paths sharing prefixes.
    const ops: TreeOp[] = [
      ...Array.from({ length: 12 }, (_, i) => ({ path: ['orders', `u${i}`, `n${i}`], value: { total: i } })),
      ...Array.from({ length: 6 }, (_, i) => ({ path: ['tickets', 'gig', `n${i}-0`], value: { uid: `u${i}` } })),
      { path: ['tickets', 'gig', 'o0-0'], value: null },
      { path: ['products', 'gig', 'stock'], value: 7 },
      { path: ['orderQueue', 'u3'], value: null },
    ];
    let after: ExportJson = root;
    for (const op of ops) after = withValueAt(after, op.path, op.value);
    const expected = treeData(after);
    const seen = overlayData(root, new OpIndex(), ops);
    const probes = new Set<string>(['', 'orders', 'tickets/gig', 'orders/u2/keep', 'orders/u1/o0', 'missing/x']);
    for (const { path } of ops)
      for (let depth = 0; depth <= path.length; depth++) probes.add(path.slice(0, depth).join('/'));
    for (const probe of probes) {
      const path = probe === '' ? [] : probe.split('/');
      expect(seen.val(path), probe).toEqual(expected.val(path));
      expect(seen.exists(path), probe).toBe(expected.exists(path));
      expect(seen.hasChildren(path), probe).toBe(expected.hasChildren(path));
    }
  });
});
