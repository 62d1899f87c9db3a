/**
 * What the rushes with codes share (bench/rush.ts `giftcards…` and `vouchers…`): a kind of code the buyers bring is
 * written before the press, read back and checked once every buyer has an answer, and again once the payments'
 * aftermath has paid some orders and let the rest lapse (bench/rushPayments.ts). Gift cards are in
 * bench/rushGiftCards.ts, vouchers in bench/rushVouchers.ts; a scenario may bring both.
 *
 * Unlike the rest of the rush, these checks are meant to fail loudly: each that does not hold is named under
 * `failed`, and bench/rush.ts says so on stderr and exits with a failure.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { orderIdFor } from '../functions/src/orders/orderId';
import { deskKey } from '../src/features/orders/deskIndex';
import { isRecord } from '../src/state/validation';
import { percentile } from './liveApp';
import type { BuyerResult } from './rushBuyers';

/** What a kind of code brings to a rush: written before the press, checked after it and after its payments. */
export interface CodesInRush {
  /** What they are, as printed ("gift cards"), and the key of their figures among the scenario's results. */
  name: string;
  /** Written before the buyers press. */
  prepare(databaseUrl: string): Promise<void>;
  /** Read back once every buyer has an answer. */
  afterRush(databaseUrl: string, results: readonly BuyerResult[]): Promise<CodesReport>;
  /** Read back once the payments' aftermath has paid some orders and let the rest lapse (bench/rushPayments.ts). */
  afterPayments(databaseUrl: string): Promise<CodesReport>;
}

/** Figures to print, and the checks that did not hold (none: `addsUp` is 'yes'). */
export interface CodesReport {
  figures: Record<string, unknown>;
  failed: string[];
}

/** A small deterministic random source, so that every run asks for the same things with the same codes. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
export const between = (next: () => number, low: number, high: number) => low + Math.floor(next() * (high - low + 1));

/** Connections as admin (no uid: to read everything back, or to seed) and as `uid` (judged by the rules). */
export function connections(databaseUrl: string, prefix: string) {
  const apps: App[] = [];
  const connect = (uid?: string): Database => {
    const app = initializeApp(
      { databaseURL: databaseUrl, ...(uid ? { databaseAuthVariableOverride: { uid } } : {}) },
      `${prefix}-${apps.length}-${Date.now()}`,
    );
    apps.push(app);
    return getDatabase(app);
  };
  return { connect, close: () => Promise.all(apps.map((app) => deleteApp(app))) };
}

export type Tree = Record<string, unknown>;
export const record = (value: unknown): Tree => (isRecord(value) ? value : {});
export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
export const countBy = (keys: readonly string[]) =>
  keys.reduce<Record<string, number>>((counts, key) => ({ ...counts, [key]: (counts[key] ?? 0) + 1 }), {});

/** Press to answer of `results`, ms. */
export function pressToAnswer(results: readonly BuyerResult[]) {
  const sorted = results.map((result) => result.ms).sort((x, y) => x - y);
  return {
    p50: Math.round(percentile(sorted, 50)),
    p95: Math.round(percentile(sorted, 95)),
    max: Math.round(sorted.at(-1) ?? 0),
    of: sorted.length,
  };
}

/** A buyer's request as the allocator keyed what it decided: the desk key of the order it became, or would have. */
export const keyOf = (result: BuyerResult) => deskKey(result.uid, orderIdFor(result.uid, result.requestId));
