/**
 * First visits to the pages of src/app/firstVisit.ts get their page rendered with the live properties and
 * catalogue (src/ssr), or a redirect where the app would redirect a visitor with nothing stored at once. This module is the whole of that logic, and both servers call it: the Cloud Function in
 * production (functions/src/index.ts, behind Firebase Hosting and its CDN) and `vite preview` on one machine
 * (vite.config.ts). docs/production.md explains the caching and how stale a page can be.
 *
 * The data is read over the database's REST API with the one query the rules let the public use; any failure
 * (no server bundle, the database away, slower than 1.5 s or answering nonsense) or coming-soon mode gives the
 * app shell, which starts in the browser as on every later visit.
 */
import type { ServerResponse } from 'node:http';
import type * as RenderModule from '../../src/ssr/renderPage';

/** How long the database may take before the visitor gets the app shell instead. */
const DATA_TIMEOUT_MS = 1500;
/** A database answer larger than this is not a catalogue a page can show: the shell goes out instead. */
const DATA_LIMIT_CHARS = 8 * 1024 * 1024;
/**
 * Longer addresses get the shell: a page rendered for them would be one more entry in every cache on the way,
 * and no link of the shop is anywhere near this long.
 */
const ADDRESS_LIMIT_CHARS = 2048;
/**
 * A rendered page is served again while the data it was rendered from is unchanged, for up to this long (its
 * clock then moves on: featured events and the coming-soon launch depend on it). Rendering the products page
 * takes a few hundred milliseconds on a small machine; reading the data again costs a few.
 */
const REUSE_MS = 60_000;
const REUSE_ENTRIES = 64;

/**
 * The CDN in front of the function (Firebase Hosting's) keeps a rendered page for FRESH_SECONDS and may then
 * serve it for STALE_SECONDS more while it fetches a new one. Browsers keep nothing (max-age=0): the live
 * subscription corrects whatever a cached page shows within seconds of the app starting.
 */
const CDN_FRESH_SECONDS = 30;
const CDN_STALE_SECONDS = 30;
/** The oldest data a first visit can show: docs/production.md and the README quote it. */
export const MAX_STALENESS_SECONDS = CDN_FRESH_SECONDS + CDN_STALE_SECONDS;

export const PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${CDN_FRESH_SECONDS}, stale-while-revalidate=${CDN_STALE_SECONDS}`;
/** The shell is the same file Hosting serves for every other path, with firebase.json's header for HTML. */
export const SHELL_CACHE_CONTROL = 'no-cache';

export interface FirstVisitBuild {
  /** The built index.html: the app shell, and the frame a rendered page goes into. */
  template: string;
  render: typeof RenderModule;
}

export interface FirstVisitRequest {
  method?: string | undefined;
  /** The path and query as the request line gave them. */
  url?: string | undefined;
  headers?: { 'accept-language'?: string | undefined } | undefined;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface FirstVisitOptions {
  load: () => Promise<FirstVisitBuild>;
  /** Overrides the database the build talks to (FIRST_VISIT_DATABASE_URL). */
  databaseUrl?: string | undefined;
}

const READS = new Set(['GET', 'HEAD']);

/**
 * Where a rendered page goes in the built index.html. #root holds the shell's own content (what browsers without
 * JavaScript show) between two comments, which a page replaces whole: markup could not be found by its tags, since
 * #root may hold nested elements and a script may hold `<div id="root">` as text, but nothing else in the shell
 * holds these comments. Each mark must occur exactly once (checkTemplate), or the page is not rendered at all.
 */
const ROOT_START = '<div id="root"><!--first-visit-page-->';
const ROOT_END = '<!--/first-visit-page--></div>';
/** The shell's language, which a page in another language replaces. */
const HTML_START = '<html lang="en">';
const HEAD_END = '</head>';

function onlyOnce(template: string, mark: string): number {
  const at = template.indexOf(mark);
  if (at < 0 || template.includes(mark, at + 1)) {
    throw new Error(`index.html must hold ${mark} exactly once to take a rendered page`);
  }
  return at;
}

/** Where the page's head and #root go; throws when index.html does not say so unambiguously. */
export function checkTemplate(template: string): { head: number; start: number; end: number } {
  const head = onlyOnce(template, HEAD_END);
  const start = onlyOnce(template, ROOT_START);
  const end = onlyOnce(template, ROOT_END);
  if (!(head < start && start < end))
    throw new Error(`index.html must hold ${HEAD_END}, ${ROOT_START} and ${ROOT_END} in this order`);
  return { head, start, end };
}

function splicePage(template: string, parts: RenderModule.RenderedPage): string {
  const { head, start, end } = checkTemplate(template);
  const html = onlyOnce(template, HTML_START);
  return [
    template.slice(0, html),
    `<html lang="${parts.language}">`,
    template.slice(html + HTML_START.length, head),
    parts.head,
    template.slice(head, start),
    `<div id="root"${parts.rootAttributes}>${parts.root}</div>${parts.data}`,
    template.slice(end + ROOT_END.length),
  ].join('');
}

async function readJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DATA_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url.split('?')[0]} answered ${response.status}`);
  const text = await response.text();
  if (text.length > DATA_LIMIT_CHARS)
    throw new Error(`${url.split('?')[0]} answered more than ${DATA_LIMIT_CHARS} characters`);
  const value: unknown = JSON.parse(text);
  // null is an empty database; anything else that is not an object cannot be properties or a catalogue.
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    throw new Error(`${url.split('?')[0]} answered ${typeof value} instead of an object`);
  }
  return value;
}

/** The path and query of a request line, or null for anything that is not a plain absolute path. */
function parseAddress(url: string | undefined): URL | null {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.length > ADDRESS_LIMIT_CHARS) return null;
  try {
    return new URL(url, 'http://localhost');
  } catch {
    return null;
  }
}

interface Rendered {
  data: string;
  at: number;
  html: string;
}

export function firstVisitPages(options: FirstVisitOptions) {
  let loaded: Promise<FirstVisitBuild> | undefined;
  const load = () => {
    loaded ??= options.load();
    // A build that was missing may be there on the next visit.
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };
  let lastProblem = '';
  const rendered = new Map<string, Rendered>();

  const html = (body: string, cacheControl: string): Answer => ({
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl },
    body,
  });

  async function renderFresh(address: URL, language: RenderModule.Language, build: FirstVisitBuild): Promise<Answer> {
    const { template, render } = build;
    const sources = render.firstVisitSources(options.databaseUrl);
    const now = Date.now();
    const [properties, products] = await Promise.all([readJson(sources.properties), readJson(sources.products)]);
    const data = JSON.stringify([properties, products]);
    const key = `${language} ${address.pathname}${address.search}`;
    let page = rendered.get(key);
    if (!page || page.data !== data || now - page.at > REUSE_MS) {
      const parts = await render.renderPage(address.pathname, address.search, { properties, products, now, language });
      if (!parts) return html(template, SHELL_CACHE_CONTROL);
      page = { data, at: now, html: splicePage(template, parts) };
      rendered.delete(key);
      rendered.set(key, page);
      // The oldest goes first: a Map keeps insertion order.
      if (rendered.size > REUSE_ENTRIES) rendered.delete(rendered.keys().next().value ?? '');
    }
    // One page per language at each address: caches keep them apart by the header the language came from.
    const answer = html(page.html, PAGE_CACHE_CONTROL);
    return { ...answer, headers: { ...answer.headers, 'Content-Language': language, Vary: 'Accept-Language' } };
  }

  const report = (error: unknown): void => {
    // Once per kind of failure: a database that is down would otherwise fill the log on every visit.
    const problem = error instanceof Error ? error.message : String(error);
    if (problem !== lastProblem) console.warn(`First-visit pages fall back to the app shell: ${problem}`);
    lastProblem = problem;
  };

  /**
   * The answer to a request for one of the first-visit pages: the rendered page, or the shell when it cannot be
   * rendered. Null for every other request (and when there is no server bundle), which the caller serves as it
   * would without this module.
   */
  async function page(request: FirstVisitRequest): Promise<Answer | null> {
    if (!READS.has(request.method ?? '')) return null;
    let build: FirstVisitBuild;
    try {
      build = await load();
    } catch (error) {
      report(error);
      return null;
    }
    const path = (request.url ?? '').split('?')[0] ?? '';
    const redirectable = Object.hasOwn(build.render.FIRST_VISIT_PAGES, path) ? null : parseAddress(request.url);
    const redirect = redirectable && build.render.firstVisitRedirect(redirectable.pathname, redirectable.search);
    if (redirect) return { status: 302, headers: { ...PLAIN, Location: redirect }, body: `See ${redirect}\n` };
    if (!Object.hasOwn(build.render.FIRST_VISIT_PAGES, path)) return null;
    const address = parseAddress(request.url);
    if (!address) return html(build.template, SHELL_CACHE_CONTROL);
    try {
      return await renderFresh(address, build.render.languageFor(request.headers?.['accept-language']), build);
    } catch (error) {
      report(error);
      return html(build.template, SHELL_CACHE_CONTROL);
    }
  }

  /**
   * What a server that answers every request itself (the Cloud Function) sends: a first-visit page, the shell
   * for any other read, a plain 405 for other methods; a plain 500 only when not even the shell is there.
   */
  async function answer(request: FirstVisitRequest): Promise<Answer> {
    if (!READS.has(request.method ?? '')) {
      return { status: 405, headers: { ...PLAIN, Allow: 'GET, HEAD' }, body: 'Only GET and HEAD are served here.\n' };
    }
    try {
      return (await page(request)) ?? html((await load()).template, SHELL_CACHE_CONTROL);
    } catch (error) {
      report(error);
      return { status: 500, headers: PLAIN, body: 'The page could not be served. Please try again.\n' };
    }
  }

  return { page, answer };
}

const PLAIN = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };

/**
 * Writes an answer to a Node response (also Express's): HEAD gets the headers alone, as Node sends it. Express,
 * which Cloud Functions runs the function in, has already set `X-Powered-By`: it tells a visitor nothing they need
 * and an attacker which framework to try, so it goes.
 */
export function send(answer: Answer, response: ServerResponse): void {
  response.removeHeader('X-Powered-By');
  response.writeHead(answer.status, { ...answer.headers, 'Content-Length': Buffer.byteLength(answer.body) });
  response.end(answer.body);
}
