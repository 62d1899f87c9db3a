import { describe, expect, it } from 'vitest';
import { Database } from '../../server/core/database';
import { ANONYMOUS } from '../../server/core/identity';
import { MemoryPersistence } from '../../server/persistence/memory';
import type { ExportJson } from '../../server/core/model';
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
