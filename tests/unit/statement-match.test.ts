/**
 * What importing a bank statement would do (src/features/payments/model/statementMatch.ts): every line judged against the
 * order its words name, and each line's mark id the same in every import of the same statement.
 */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { readStatement } from '../../src/features/payments/model/bankStatement';
import type { OrderPayment } from '../../src/features/payments/model/orderPayment';
import {
  matchStatement,
  partKey,
  statementMarkId,
  verdictCounts,
  type StatementFacts,
} from '../../src/features/payments/model/statementMatch';

const statement = [
  'Date,Description,Amount',
  '2026-11-20,K7M4-QXPR Ann,36.00',
  '2026-11-20,K7M4-QXPR Ann,36.00',
  '2026-11-21,ref ab12 cd34,10.00',
  '2026-11-21,AB12CD34 rest,10.00',
  '2026-11-21,for EF56GH78 thanks,60.00',
  '2026-11-22,MN34PQ56,18.00',
  '2026-11-22,Rent,-500.00',
  '2026-11-23,no reference here,12.00',
  '2026-11-23,old order ZZ99ZZ99,12.00',
  '2026-11-24,again EF56GH78,5.00',
].join('\n');

const pay = (due: number, extra: Partial<OrderPayment> = {}): OrderPayment => ({
  method: 'transfer',
  currency: 'GBP',
  due,
  paid: 0,
  refunded: 0,
  state: 'pending',
  until: null,
  v: 1,
  ...extra,
});

const facts = (earlier: string[] = []): StatementFacts => ({
  orders: new Map([
    ['K7M4QXPR', { uid: 'u', order: 'a' }],
    ['AB12CD34', { uid: 'u', order: 'b' }],
    ['EF56GH78', { uid: 'u', order: 'c' }],
    ['MN34PQ56', { uid: 'u', order: 'd' }],
    ['ZZ99ZZ99', { uid: 'u', order: 'old' }],
  ]),
  payments: new Map([
    ['u~a', pay(3600)],
    ['u~b', pay(3000)],
    ['u~c', pay(5000)],
    ['u~d', pay(1800, { paid: 1800, state: 'paid' })],
    ['u~old', null],
  ]),
  earlier: new Set(earlier),
  partIds: new Map(),
});

async function matched(earlier: (ids: string[]) => string[] = () => []) {
  const read = readStatement(new TextEncoder().encode(statement));
  if ('error' in read) throw new Error(i18n._(read.error));
  const ids = await Promise.all(read.lines.map((line) => statementMarkId(line.key)));
  return matchStatement(read.lines, ids, facts(earlier(ids)));
}

describe('matching a statement to orders', () => {
  it('judges every line: in full, part, over, unmatched, duplicate, already paid', async () => {
    const lines = await matched();
    expect(lines.map((l) => [l.line.amountMinor, l.verdict, l.target?.order ?? null, l.owed])).toEqual([
      [3600, 'full', 'a', 3600],
      [3600, 'duplicate', null, 0],
      [1000, 'part', 'b', 3000],
      // The file's earlier line for the same order counts.
      [1000, 'part', 'b', 2000],
      [6000, 'over', 'c', 5000],
      [1800, 'already-paid', 'd', 0],
      [1200, 'unmatched', null, 0],
      // An order from before payments has nothing to pay.
      [1200, 'unmatched', null, 0],
      // Nothing left to pay: more than twice that, so staff are asked first.
      [500, 'large', 'c', 0],
    ]);
    expect(lines.map((l) => l.marks.map((m) => [m.target.order, m.amountMinor]))).toEqual([
      [['a', 3600]],
      [],
      [['b', 1000]],
      [['b', 1000]],
      [['c', 6000]],
      // Paid already: recorded all the same, to be refunded.
      [['d', 1800]],
      [],
      [],
      [],
    ]);
    expect(verdictCounts(lines)).toEqual({
      full: 1,
      part: 2,
      over: 1,
      split: 0,
      several: 0,
      large: 1,
      unmatched: 2,
      duplicate: 1,
      'already-paid': 1,
      earlier: 0,
    });
  });

  it('gives each line the same mark id in every import, one the rules take', async () => {
    const [first, again] = [await matched(), await matched()];
    expect(again.map((l) => l.markId)).toEqual(first.map((l) => l.markId));
    expect(new Set(first.map((l) => l.markId)).size).toBe(first.length);
    for (const { markId } of first) expect(markId).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('knows the lines an earlier import applied', async () => {
    const lines = await matched((ids) => ids.slice(0, 3));
    expect(lines.map((l) => l.verdict).slice(0, 4)).toEqual(['earlier', 'duplicate', 'earlier', 'part']);
  });

  it('splits a line naming several orders between them when it pays what they owe together, and asks otherwise', async () => {
    const lines = [
      'Date,Description,Amount',
      // 36 + 30: both in full.
      '2026-11-20,K7M4-QXPR and AB12CD34,66.00',
      // Named again, not their sum: which one is for staff to say.
      '2026-11-21,K7M4QXPR AB12CD34,20.00',
      // One of the two is paid already: the other owes exactly this.
      '2026-11-22,EF56GH78 MN34PQ56,50.00',
      // 120.00 for an order of 50.00: more than twice what is due.
      '2026-11-23,EF56GH78,120.00',
    ].join('\n');
    const read = readStatement(new TextEncoder().encode(lines));
    if ('error' in read) throw new Error(i18n._(read.error));
    const ids = await Promise.all(read.lines.map((line) => statementMarkId(line.key)));
    const partKeys = read.lines.flatMap((line) => line.references.map((ref) => partKey(line, ref)));
    const partIds = new Map(await Promise.all(partKeys.map(async (key) => [key, await statementMarkId(key)] as const)));
    const judged = (earlier: string[] = []) => matchStatement(read.lines, ids, { ...facts(earlier), partIds: partIds });
    const first = judged();
    expect(first.map((l) => [l.verdict, l.marks.map((m) => [m.target.order, m.amountMinor])])).toEqual([
      [
        'split',
        [
          ['a', 3600],
          ['b', 3000],
        ],
      ],
      ['several', []],
      ['full', [['c', 5000]]],
      ['large', []],
    ]);
    // Each part under its own id, the same in every import, and none the line's own.
    const parts = first[0]!.marks.map((m) => m.markId);
    expect(new Set([...parts, ...ids]).size).toBe(parts.length + ids.length);
    expect(first[1]!.choices.map((c) => c.order)).toEqual(['a', 'b']);
    expect(first[3]!.choices.map((c) => c.order)).toEqual(['c']);
    // After the split, what was owed is paid: the line of 20.00 names two orders that owe nothing.
    expect(first[1]!.owed).toBe(0);
    // A part queued by an earlier import makes the whole line one applied before.
    expect(judged([parts[1]!]).map((l) => l.verdict)[0]).toBe('earlier');
    // A line staff applied to the order they chose is known by the line's own id.
    expect(judged([ids[3]!]).map((l) => l.verdict)[3]).toBe('earlier');
  });
});
