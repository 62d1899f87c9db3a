/**
 * Works through a queue read oldest first, a page at a time, until nothing is left but what `handle` put aside: an
 * entry it could not settle this time (refused again and again, a provider away) is left alone for the rest of the
 * run and read again by the next. Payment marks, refund requests and lapsed holds are drained this way.
 */
export async function drainQueue(
  oldest: (limit: number) => Promise<{ key: string; raw: unknown }[]>,
  page: number,
  handle: (key: string, raw: unknown) => Promise<'done' | 'skip'>,
): Promise<void> {
  const skipped = new Set<string>();
  for (;;) {
    const queued = (await oldest(page + skipped.size)).filter(({ key }) => !skipped.has(key));
    if (queued.length === 0) return;
    for (const { key, raw } of queued) {
      if ((await handle(key, raw)) === 'skip') skipped.add(key);
    }
  }
}
