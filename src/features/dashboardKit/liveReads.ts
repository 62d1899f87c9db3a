/**
 * The desk's live reads, which every room of the dashboard uses: live queries over the desk's index, the entries a
 * page shows, the references and phones of orders, and their payment summaries. Components call these hooks; the
 * paths and shapes are the index's (src/features/orders/deskIndex.ts).
 */
import type { MessageDescriptor } from '@lingui/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { database, readValue } from '../../firebase/database';
import { readProblem } from '../../firebase/liveValue';
import { paths } from '../../firebase/paths';
import type { QueryRows, QuerySpec } from '../../firebase/query';
import { deskPaths, readDeskDetails, type DeskDetails } from '../orders';
import { parseOrderPayment, type OrderPayment } from '../payments/model';

/** An error's `message` is shown in the reader's language (`i18n._`), whichever is spoken when it shows. */
export type Live<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: MessageDescriptor };

/** The answer to no queries, one object, so that what is worked out from it can be kept. */
const NOTHING: Live<QueryRows[]> = { status: 'ready', value: [] };

function problem(error: unknown): Live<never> {
  console.error('Desk query failed:', error);
  return {
    status: 'error',
    message: readProblem(error),
  };
}

/** Follows the queries (all at once, e.g. a search's); their rows in order, one list per query. */
export function useLiveQueries(queries: readonly { path: string; spec: QuerySpec }[]): Live<QueryRows[]> {
  // The queries are plain data: their text says whether they changed. The state remembers which queries it
  // answers, so a change of query shows "loading" until the new answers arrive.
  const signature = JSON.stringify(queries);
  const [state, setState] = useState<{ signature: string; live: Live<QueryRows[]> } | null>(null);
  useEffect(() => {
    const wanted = JSON.parse(signature) as { path: string; spec: QuerySpec }[];
    const results: (QueryRows | undefined)[] = wanted.map(() => undefined);
    const set = (live: Live<QueryRows[]>) => setState({ signature, live });
    let stopped = false;
    const stops: (() => void)[] = [];
    database().then(
      (db) => {
        if (stopped) return;
        wanted.forEach(({ path, spec }, index) => {
          stops.push(
            db.subscribeQuery(
              path,
              spec,
              (rows) => {
                results[index] = rows;
                if (results.every(Boolean)) set({ status: 'ready', value: results.slice() as QueryRows[] });
              },
              (error) => set(problem(error)),
            ),
          );
        });
      },
      (error: unknown) => set(problem(error)),
    );
    return () => {
      stopped = true;
      for (const stop of stops) stop();
    };
  }, [signature]);
  if (queries.length === 0) return NOTHING;
  return state?.signature === signature ? state.live : { status: 'loading' };
}

/** Follows the index entries of `keys` (the orders of an event's page); a missing or malformed one is null. */
export function useLiveEntries(keys: readonly string[]): Live<Map<string, unknown>> {
  const queries = keys.map((key) => ({ path: deskPaths.orders, spec: { equal: key, first: 1 } }));
  const live = useLiveQueries(queries);
  return useMemo(
    () => (live.status === 'ready' ? { status: 'ready', value: new Map(live.value.flatMap((rows) => rows)) } : live),
    [live],
  );
}

/**
 * Every order's reference and phone read so far, by desk key: they never change once written, so each order is
 * read once per page load (src/features/orders/deskDetails.ts). Replaced, not changed, when reads arrive, so that
 * what is worked out from it is worked out again.
 */
let knownDetails: ReadonlyMap<string, DeskDetails> = new Map();

/**
 * The reference and phone of the orders `keys` (desk keys; a stable array, e.g. memoised): those already read at
 * once, the others as their reads arrive. "loading" while some are missing, "failed" when their read failed.
 */
export function useOrderDetails(keys: readonly string[]): {
  details: ReadonlyMap<string, DeskDetails>;
  status: 'loading' | 'ready' | 'failed';
} {
  const [, setArrived] = useState(knownDetails);
  const [failed, setFailed] = useState<readonly string[] | null>(null);
  useEffect(() => {
    const missing = keys.filter((key) => !knownDetails.has(key));
    if (missing.length === 0) return;
    let current = true;
    readDeskDetails(readValue, missing, ['ref', 'phone']).then(
      (found) => {
        knownDetails = new Map([...knownDetails, ...found]);
        if (current) setArrived(knownDetails);
      },
      (error: unknown) => {
        console.error('Order references and phones not read:', error);
        if (current) setFailed(keys);
      },
    );
    return () => {
      current = false;
    };
  }, [keys]);
  const complete = keys.every((key) => knownDetails.has(key));
  return { details: knownDetails, status: complete ? 'ready' : failed === keys ? 'failed' : 'loading' };
}

/**
 * The payment summaries of the orders `keys` (desk keys), each read once, when its key first comes: null for an
 * order from before payments (or gone), absent until read. The event's figures add them up (eventNumbers.ts,
 * eventMoney); a payment or refund made meanwhile shows when the tab is opened again.
 */
export function useOrderPays(keys: readonly string[]): ReadonlyMap<string, OrderPayment | null> {
  const [pays, setPays] = useState<ReadonlyMap<string, OrderPayment | null>>(new Map());
  // Each order once: an event's entries change with every order placed, and thousands of reads again for one new
  // order would be the tab's whole cost in a rush.
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const fresh = keys.filter((key) => !asked.current.has(key));
    if (fresh.length === 0) return;
    for (const key of fresh) asked.current.add(key);
    Promise.all(
      fresh.map(async (key) => {
        const [uid = '', orderId = ''] = key.split('~');
        return [key, parseOrderPayment(await readValue(`${paths.order(uid, orderId)}/pay`))] as const;
      }),
    ).then(
      (read) => setPays((before) => new Map([...before, ...read])),
      (error: unknown) => {
        // Asked again with the next change of the keys.
        for (const key of fresh) asked.current.delete(key);
        console.error('Order payments not read:', error);
      },
    );
  }, [keys]);
  return pays;
}
