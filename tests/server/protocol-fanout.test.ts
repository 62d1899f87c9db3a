import { describe, expect, it } from 'vitest';
import { Database } from '../../server/core/database';
import { ADMIN, ANONYMOUS, type Identity } from '../../server/core/identity';
import { parseWireQuery } from '../../server/core/query';
import { MemoryPersistence } from '../../server/persistence/memory';
import { type Listen, ListenRegistry, type Subscriber } from '../../server/protocol/listens';
import { ALLOW_ALL, type RuleSet } from '../../server/rules/index';

/** A subscriber that keeps what it is sent. */
class Recorder implements Subscriber {
  readonly sent: (readonly Buffer[])[] = [];
  readonly revokedListens: Listen[] = [];
  constructor(readonly identity: Identity) {}
  sendFrames(frames: readonly Buffer[]): void {
    this.sent.push(frames);
  }
  revoked(listen: Listen): void {
    this.revokedListens.push(listen);
  }
}

/** Everything allowed except reads by `deniedUid`; counts read-rule evaluations. */
function countingRules(deniedUid: string | null): RuleSet & { reads: number } {
  const rules = {
    reads: 0,
    canRead: (_path: readonly string[], auth: { uid: string } | null) => {
      rules.reads++;
      return auth?.uid !== deniedUid;
    },
    checkWrite: ALLOW_ALL.checkWrite,
    indexOn: ALLOW_ALL.indexOn,
  };
  return rules;
}

function user(uid: string): Identity {
  return { admin: false, auth: { uid, provider: 'password', token: { sub: uid } } };
}

async function setUp(rules: RuleSet, identities: readonly Identity[]) {
  const db = new Database(new MemoryPersistence(), new Map(), rules);
  const registry = new ListenRegistry(db);
  const subscribers = identities.map((identity) => {
    const subscriber = new Recorder(identity);
    registry.add({ subscriber, namespace: 'ns', path: ['shop', 'status'], query: null });
    return subscriber;
  });
  const write = (value: unknown) => db.write('ns', ADMIN, { kind: 'set', path: ['shop', 'status'], value });
  return { subscribers, write };
}

describe('fan-out to many listeners of one path', () => {
  it('evaluates read rules once for listeners with the same identity, and serialises the push once', async () => {
    const rules = countingRules(null);
    const { subscribers, write } = await setUp(
      rules,
      Array.from({ length: 200 }, () => ANONYMOUS),
    );
    await write('open');
    expect(rules.reads).toBe(1);
    const first = subscribers[0]?.sent[0];
    expect(first?.map((frame) => frame.toString())).toEqual([
      '{"t":"d","d":{"a":"d","b":{"p":"shop/status","d":"open"}}}',
    ]);
    for (const subscriber of subscribers) expect(subscriber.sent).toEqual([first]);
    expect(subscribers.every((subscriber) => subscriber.sent[0] === first)).toBe(true);
  });

  it('still asks the rules for every distinct identity, and revokes only the listens they now deny', async () => {
    const rules = countingRules('mallory');
    const { subscribers, write } = await setUp(rules, [
      ANONYMOUS,
      user('alice'),
      user('mallory'),
      ANONYMOUS,
      user('alice'),
    ]);
    await write('open');
    // ANONYMOUS is one object; each signed-in connection has an identity of its own.
    expect(rules.reads).toBe(4);
    expect(subscribers.map((subscriber) => [subscriber.sent.length, subscriber.revokedListens.length])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
      [1, 0],
      [1, 0],
    ]);
    await write('closed');
    expect(subscribers[2]?.sent).toEqual([]); // revoked listens hear nothing more
  });

  it('encodes a live query window once per tag, whoever the listeners are', async () => {
    const db = new Database(new MemoryPersistence(), new Map(), ALLOW_ALL);
    const registry = new ListenRegistry(db);
    const wire = { i: 'active', sp: true, ep: true };
    const subscribers = [1, 1, 1, 2].map((tag) => {
      const subscriber = new Recorder(ANONYMOUS);
      const query = { spec: parseWireQuery(wire), tag, wire, key: JSON.stringify(wire) };
      registry.add({ subscriber, namespace: 'ns', path: ['products'], query });
      return subscriber;
    });
    await db.write('ns', ADMIN, { kind: 'set', path: ['products', 'p1'], value: { active: true, title: 'Tea' } });
    const [a, b, c, d] = subscribers.map((subscriber) => subscriber.sent[0]);
    expect(a).toBe(b);
    expect(a).toBe(c);
    expect(d).not.toBe(a);
    // Only the child that entered the window, at its own path.
    expect(a?.map(String)).toEqual([
      '{"t":"d","d":{"a":"d","b":{"p":"products/p1","d":{"active":true,"title":"Tea"},"t":1}}}',
    ]);
    expect(d?.map(String)).toEqual([
      '{"t":"d","d":{"a":"d","b":{"p":"products/p1","d":{"active":true,"title":"Tea"},"t":2}}}',
    ]);
  });
});
