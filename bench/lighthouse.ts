/**
 * Lighthouse (mobile settings: emulated phone, simulated slow 4G and CPU) on the home, products, about and
 * contact pages of the built app with the demo data, and the time to first contentful paint of an offline reload
 * of the home page once the service worker has it. Printed and returned, never asserted.
 * Targets (issue 7): Performance ≥ 95, Accessibility, Best Practices and SEO 100, LCP ≤ 2.0 s, offline FCP ≤ 500 ms.
 */
import { launch } from 'chrome-launcher';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { withLiveApp } from './liveApp';

const PAGES = ['/home', '/products', '/about', '/contact'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface PageScores {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  fcpMs: number | null;
  /** Audits that cost accessibility, best-practices or SEO points: what to fix to reach 100. */
  failing: string[];
}

async function audit(url: string, port: number): Promise<PageScores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => {
    const value = categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? null,
    fcpMs: audits['first-contentful-paint']?.numericValue ?? null,
    failing: CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}:${ref.id}`),
    ),
  };
}

export function runLighthouseBench(): Promise<Record<string, unknown>> {
  return withLiveApp(
    () => undefined,
    async ({ page, appUrl }) => {
      const chrome = await launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
      const pages: Record<string, PageScores> = {};
      try {
        for (const path of PAGES) pages[path] = await audit(`${appUrl}${path}`, chrome.port);
      } finally {
        chrome.kill();
      }

      // Offline reload of the home page from the service worker, on this machine without throttling.
      await page.goto(`${appUrl}/home`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.context().setOffline(true);
      await page.reload();
      const offlineFcpMs = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const paint = list.getEntriesByName('first-contentful-paint')[0];
              if (paint) resolve(paint.startTime);
            }).observe({ type: 'paint', buffered: true });
          }),
      );
      await page.context().setOffline(false);

      console.log('\nLighthouse (mobile settings)');
      console.log('  page        perf  a11y  best   seo   LCP ms');
      for (const [path, { scores, lcpMs }] of Object.entries(pages)) {
        const cell = (value: number | null) => String(value ?? '-').padStart(4);
        console.log(`  ${path.padEnd(10)}  ${cell(scores.performance)}  ${cell(scores.accessibility)}  ${cell(scores['best-practices'])}  ${cell(scores.seo)}  ${String(Math.round(lcpMs ?? Number.NaN)).padStart(7)}`);
      }
      for (const [path, { failing }] of Object.entries(pages)) if (failing.length > 0) console.log(`  ${path} loses points on ${failing.join(', ')}`);
      console.log(`  offline reload of /home: first contentful paint ${Math.round(offlineFcpMs)} ms (target ≤ 500 ms)`);
      return { pages, offlineHomeFcpMs: offlineFcpMs };
    },
  );
}

// `npx tsx bench/lighthouse.ts` runs it alone; `npm run bench` imports it with the others.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runLighthouseBench();
