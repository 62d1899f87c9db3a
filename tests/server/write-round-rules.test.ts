/**
 * The rules of a write in a round see the data plus the round's earlier writes (up to a thousand). Looking a path
 * up in that view must cost the path's length, not the number of earlier writes: otherwise a round costs the
 * square of its size (a flood of queued onDisconnect writes, run a few hundred per turn, stalled the server for
 * most of a second in such lookups). Counted in path comparisons, never timed.
 */
import { expect, it, vi } from 'vitest';
import { Database } from '../../server/core/database';
import { ANONYMOUS } from '../../server/core/identity';
import { MemoryPersistence } from '../../server/persistence/memory';
import { compileRules } from '../../server/rules/index';

const compared = vi.hoisted(() => ({ paths: 0 }));

vi.mock('../../server/core/path', async (importOriginal) => {
  const path = await importOriginal<typeof import('../../server/core/path')>();
  return {
    ...path,
    isPrefix: (a: readonly string[], b: readonly string[]) => {
      compared.paths++;
      return path.isPrefix(a, b);
    },
  };
});

const RULES = compileRules(`{
  "rules": {
    ".read": true,
    "closed": { ".write": true },
    "messages": {
      "$id": {
        ".write": "!data.exists() && !root.child('closed').exists()",
        ".validate": "newData.hasChildren(['body']) && newData.parent().exists()"
      }
    }
  }
}`);

it('checks each write of a round in time independent of the round’s earlier writes', async () => {
  const db = new Database(new MemoryPersistence(), new Map([['ns', { other: true }]]), RULES);
  const ROUND = 1000;
  compared.paths = 0;
  // Issued in one tick: one round.
  const outcomes = await Promise.all(
    Array.from({ length: ROUND }, (_, i) =>
      db.write('ns', ANONYMOUS, { kind: 'set', path: ['messages', `m${i}`], value: { body: 'b' } }),
    ),
  );
  expect(outcomes.filter((outcome) => 'status' in outcome)).toEqual([]);
  expect(Object.keys(db.valueAt('ns', ['messages']) as object)).toHaveLength(ROUND);
  // Linear: a few dozen comparisons per write at most, whatever the round's size (quadratic: about 2,500).
  expect(compared.paths / ROUND).toBeLessThan(50);
  // And the view is right: a write refused for what an earlier write of the same round did.
  const [closing, late] = await Promise.all([
    db.write('ns', ANONYMOUS, { kind: 'set', path: ['closed'], value: true }),
    db.write('ns', ANONYMOUS, { kind: 'set', path: ['messages', 'late'], value: { body: 'b' } }),
  ]);
  expect(closing).not.toHaveProperty('status');
  expect(late).toMatchObject({ status: 'permission_denied' });
});
