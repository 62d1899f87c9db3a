/**
 * Serves a first visit's pages rendered with live data (src/ssr): for GET requests for one of those pages it
 * reads the properties and the catalogue over the database's REST API, renders the page into the built
 * index.html and answers with that. Anything else, and any failure (no server bundle, database away or slow,
 * coming-soon mode), falls through to the static app shell, which renders in the browser as before.
 *
 * Used as middleware by `vite preview` (vite.config.ts), so `npm start`, the tests and the benchmarks serve it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as RenderModule from '../../src/ssr/renderPage';

/** How long the database may take before the visitor gets the app shell instead. */
const DATA_TIMEOUT_MS = 1500;
/**
 * A rendered page is served again while the data it was rendered from is unchanged, for up to this long (its
 * clock then moves on: featured events and the coming-soon launch depend on it). Rendering the products page
 * takes a few hundred milliseconds on a small machine; reading the data again costs a few.
 */
const REUSE_MS = 60_000;
const REUSE_ENTRIES = 64;

export interface FirstVisitOptions {
  /** The client build (index.html); the server bundle is beside it, in `<outDir>-ssr`. */
  outDir: string;
  /** Overrides the database the build talks to (FIRST_VISIT_DATABASE_URL). */
  databaseUrl?: string;
}

async function readText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DATA_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url.split('?')[0]} answered ${response.status}`);
  return response.text();
}

interface Rendered {
  data: string;
  at: number;
  html: string;
}

export function firstVisitPages(options: FirstVisitOptions) {
  let loaded: Promise<{ template: string; render: typeof RenderModule }> | undefined;
  const load = () =>
    (loaded ??= Promise.all([
      readFile(join(options.outDir, 'index.html'), 'utf8'),
      import(pathToFileURL(join(`${options.outDir}-ssr`, 'renderPage.js')).href) as Promise<typeof RenderModule>,
    ]).then(([template, render]) => ({ template, render })));
  let lastProblem = '';
  const rendered = new Map<string, Rendered>();

  async function respond(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET' || !(request.headers.accept ?? '').includes('text/html')) return false;
    const { template, render } = await load();
    if (!render.FIRST_VISIT_PAGES[url.pathname]) return false;
    const sources = render.firstVisitSources(options.databaseUrl);
    const now = Date.now();
    const [properties, products] = await Promise.all([readText(sources.properties), readText(sources.products)]);
    const data = `${properties}\n${products}`;
    const address = `${url.pathname}${url.search}`;
    let page = rendered.get(address);
    if (!page || page.data !== data || now - page.at > REUSE_MS) {
      const parts = await render.renderPage(url.pathname, url.search, { properties: JSON.parse(properties), products: JSON.parse(products), now });
      if (!parts) return false;
      const html = template
        .replace('</head>', () => `${parts.head}</head>`)
        .replace(/<div id="root">[\s\S]*?<\/div>/, () => `<div id="root">${parts.root}</div>${parts.data}`);
      page = { data, at: now, html };
      rendered.delete(address);
      rendered.set(address, page);
      // The oldest goes first: a Map keeps insertion order.
      if (rendered.size > REUSE_ENTRIES) rendered.delete(rendered.keys().next().value ?? '');
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    response.end(page.html);
    return true;
  }

  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    respond(request, response).then(
      (done) => {
        if (!done) next();
      },
      (error: unknown) => {
        // Once per kind of failure: a database that is down would otherwise fill the log on every visit.
        const problem = error instanceof Error ? error.message : String(error);
        if (problem !== lastProblem) console.warn(`First-visit pages fall back to the app shell: ${problem}`);
        lastProblem = problem;
        next();
      },
    );
  };
}
