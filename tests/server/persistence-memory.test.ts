import { describe, expect, it } from 'vitest';
import { MemoryPersistence } from '../../server/persistence/memory';
import { applyOps } from '../../server/persistence/tree';
import { type ExportJson, PersistenceError } from '../../server/core/model';

describe('applyOps (export-format tree writes)', () => {
  it('sets nested paths, deletes with null and prunes emptied parents', () => {
    let tree = applyOps(null, [
      { path: '/a/b', value: 1 },
      { path: '/a/c/d', value: 'x' },
    ]);
    expect(tree).toEqual({ a: { b: 1, c: { d: 'x' } } });
    tree = applyOps(tree, [{ path: '/a/c/d', value: null }]);
    expect(tree).toEqual({ a: { b: 1 } });
    tree = applyOps(tree, [{ path: '/a/b', value: null }]);
    expect(tree).toBeNull();
  });

  it('normalises arrays, empty objects and .value wrappers', () => {
    const tree = applyOps(null, [
      { path: '/', value: { list: ['x', 'y'] as unknown as null, empty: {}, plain: { '.value': 3 } } },
    ]);
    expect(tree).toEqual({ list: { '0': 'x', '1': 'y' }, plain: 3 });
  });

  it('keeps priorities on leaves and objects and drops them with their node', () => {
    let tree = applyOps(null, [
      { path: '/leaf', value: 5 },
      { path: '/leaf/.priority', value: 2 },
      { path: '/obj', value: { k: true, '.priority': 'p' } },
    ]);
    expect(tree).toEqual({ leaf: { '.value': 5, '.priority': 2 }, obj: { k: true, '.priority': 'p' } });
    tree = applyOps(tree, [
      { path: '/leaf/.priority', value: null },
      { path: '/obj/k', value: null },
    ]);
    expect(tree).toEqual({ leaf: 5 });
  });

  it('replaces a leaf by children when writing below it, keeping its priority', () => {
    const tree = applyOps({ a: { '.value': 1, '.priority': 9 } }, [{ path: '/a/b', value: 2 }]);
    expect(tree).toEqual({ a: { b: 2, '.priority': 9 } });
  });

  it('writes into and deletes from a large list without enumerating it per write', () => {
    // Enumerating a big object is O(size) in V8, so enumerating the parent at every write made writes into one
    // growing list quadratic. Counting the enumerations catches that without timing anything.
    let enumerations = 0;
    const items: Record<string, ExportJson> = {};
    for (let i = 0; i < 5000; i++) items[`k${i}`] = i;
    const list = new Proxy(items, {
      ownKeys: (target) => {
        enumerations++;
        return Reflect.ownKeys(target);
      },
    });
    let tree = applyOps({ list }, []);
    for (let i = 0; i < 1000; i++) tree = applyOps(tree, [{ path: `/list/new${i}`, value: { n: i } }]);
    expect(enumerations).toBe(0);
    for (let i = 0; i < 1000; i++) tree = applyOps(tree, [{ path: `/list/k${i}`, value: null }]);
    expect(enumerations).toBe(1); // counted once, at the first deletion, then kept up to date
    for (let i = 1000; i < 5000; i++) tree = applyOps(tree, [{ path: `/list/k${i}`, value: null }]);
    for (let i = 0; i < 999; i++) tree = applyOps(tree, [{ path: `/list/new${i}`, value: null }]);
    expect(enumerations).toBe(1);
    expect(tree).toEqual({ list: { new999: { n: 999 } } });
    expect(applyOps(tree, [{ path: '/list/new999', value: null }])).toBeNull();
  });

  it('keeps counting correctly when a list gains children after its first deletion', () => {
    let tree = applyOps(null, [{ path: '/list', value: { a: 1, b: 2, '.priority': 3 } }]);
    tree = applyOps(tree, [{ path: '/list/a', value: null }]);
    tree = applyOps(tree, [
      { path: '/list/c', value: 3 },
      { path: '/list/c', value: 4 },
      { path: '/list/b', value: null },
    ]);
    expect(tree).toEqual({ list: { c: 4, '.priority': 3 } });
    tree = applyOps(tree, [{ path: '/list/c', value: null }]);
    expect(tree).toBeNull();
  });

  it('ignores a deletion below a leaf', () => {
    expect(applyOps({ a: 5 }, [{ path: '/a/b', value: null }])).toEqual({ a: 5 });
  });

  it('does not share written objects with the caller', () => {
    const value = { nested: { n: 1 } };
    const tree = applyOps(null, [{ path: '/x', value }]);
    value.nested.n = 2;
    expect(tree).toEqual({ x: { nested: { n: 1 } } });
  });
});

describe('MemoryPersistence', () => {
  it('gives a restarted server every committed batch, per namespace, in order', async () => {
    const persistence = new MemoryPersistence();
    expect(await persistence.load()).toEqual(new Map());
    await persistence.commit('one', [{ path: '/a', value: 1 }]);
    await persistence.commit('two', [
      { path: '/b', value: { c: 2 } },
      { path: '/b/d', value: 3 },
    ]);
    await persistence.commit('one', [{ path: '/a', value: 4 }]);
    await persistence.close();
    await expect(persistence.commit('one', [])).rejects.toBeInstanceOf(PersistenceError);

    const loaded = await persistence.load();
    expect(Object.fromEntries(loaded)).toEqual({ one: { a: 4 }, two: { b: { c: 2, d: 3 } } });
    // The loaded trees are copies: changing them does not change what is stored.
    (loaded.get('one') as Record<string, unknown>).a = 99;
    expect((await persistence.load()).get('one')).toEqual({ a: 4 });
  });

  it('starts from initial trees when given some', async () => {
    const persistence = new MemoryPersistence(new Map([['ns', { seeded: true }]]));
    expect((await persistence.load()).get('ns')).toEqual({ seeded: true });
  });
});
