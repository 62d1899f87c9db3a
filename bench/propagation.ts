/**
 * Propagation latency: from a REST write to `properties/tagline` until the new text is in the DOM of an open
 * page in Chromium, through the real app, SDK and database server. Printed as p50/p95, never asserted.
 */
import { percentile, withLiveApp } from './liveApp';

const WRITES = 60;

export function runPropagationBench(): Promise<Record<string, unknown>> {
  return withLiveApp(
    () => undefined,
    async ({ page, appUrl, write }) => {
      await page.goto(`${appUrl}/home`);
      await page.getByRole('banner').getByText('The Lantern Rooms').waitFor();
      // The page notes when each tagline appears, on the same clock the writer reads.
      await page.evaluate(() => {
        const seen: Record<string, number> = {};
        (window as unknown as { seen: Record<string, number> }).seen = seen;
        new MutationObserver(() => {
          const match = /\[bench (\d+)\]/.exec(document.querySelector('footer')?.textContent ?? '');
          if (match && !(match[1]! in seen)) seen[match[1]!] = Date.now();
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });

      const latencies: number[] = [];
      for (let n = 0; n < WRITES; n++) {
        const sentAt = Date.now();
        await write('properties/tagline', `[bench ${n}]`);
        const shownAt = await page.waitForFunction(
          (key) => (window as unknown as { seen: Record<string, number> }).seen[key],
          String(n),
        );
        latencies.push(((await shownAt.jsonValue()) as number) - sentAt);
      }
      const sorted = [...latencies].sort((a, b) => a - b);
      const figures = {
        writes: WRITES,
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
        maxMs: sorted.at(-1),
      };
      console.log('\nProperty propagation: REST write → text in an open page (Chromium, real SDK, loopback)');
      console.log(
        `  ${WRITES} writes   p50 ${figures.p50Ms} ms   p95 ${figures.p95Ms} ms   max ${figures.maxMs} ms   (target p95 ≤ 100 ms)`,
      );
      return figures;
    },
  );
}
