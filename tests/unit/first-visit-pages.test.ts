import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CACHE_CONTROL, SHELL_CACHE_CONTROL, firstVisitPages } from '../../functions/src/firstVisitPages';
import * as render from '../../src/ssr/renderPage';
import seed from '../../seed/database.json';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Shop</title></head><body>' +
  '<div id="root"><!--first-visit-page--><!--/first-visit-page--></div></body></html>';
const DATA = 'id="first-visit-data"';

/** Stands in for the database's REST API with whatever answer a test wants, as late as it wants. */
let answer: { status: number; body: string; delayMs: number } = { status: 200, body: '', delayMs: 0 };
const bodies: Record<string, string> = {};
let database: Server;
let databaseUrl = '';

beforeAll(async () => {
  database = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    setTimeout(() => {
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(bodies[path] ?? answer.body);
    }, answer.delayMs);
  });
  await new Promise<void>((resolve) => database.listen(0, '127.0.0.1', resolve));
  databaseUrl = `http://127.0.0.1:${(database.address() as AddressInfo).port}?ns=test`;
});
afterAll(() => new Promise<void>((resolve) => database.close(() => resolve())));

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  answer = { status: 200, body: 'null', delayMs: 0 };
  bodies['/properties.json'] = JSON.stringify(seed.properties);
  bodies['/products.json'] = JSON.stringify(seed.products);
});

const pages = () => firstVisitPages({ load: async () => ({ template: TEMPLATE, render }), databaseUrl });
const get = (url: string, acceptLanguage?: string) =>
  pages().answer({ method: 'GET', url, headers: { 'accept-language': acceptLanguage } });

describe('first-visit pages', () => {
  it('renders a page from the live data, cacheable by a CDN', async () => {
    const page = await get('/products');
    expect(page.status).toBe(200);
    expect(page.headers['Cache-Control']).toBe(PAGE_CACHE_CONTROL);
    expect(page.body).toContain(DATA);
    expect(page.body).toContain('Harbour Jazz Night');
  });

  it.each(['/home', '/products', '/about', '/contact'])(
    'renders %s as plain markup for the static stylesheet, with no styling runtime in it',
    async (path) => {
      const page = await get(path);
      expect(page.body).toContain(DATA);
      expect(page.body).toMatch(/class="[^"]*\bt-h1\b/);
      // MUI's classes and Emotion's style elements would mean MUI is back on the page's start-up path.
      expect(page.body).not.toMatch(/Mui[A-Z]|css-[a-z0-9]{5,}|data-emotion|<style/);
    },
  );

  it.each([
    ['not JSON', '{"name": "half'],
    ['a list', '[1, 2, 3]'],
    ['a string', '"properties"'],
    ['a number', '42'],
  ])('sends the shell when the database answers %s', async (_what, body) => {
    bodies['/properties.json'] = body;
    const page = await get('/home');
    expect(page.status).toBe(200);
    expect(page.headers['Cache-Control']).toBe(SHELL_CACHE_CONTROL);
    expect(page.body).toBe(TEMPLATE);
  });

  it('sends the shell when the database fails or takes longer than 1.5 s', async () => {
    answer.status = 500;
    delete bodies['/products.json'];
    expect((await get('/home')).body).toBe(TEMPLATE);
    answer = { status: 200, body: 'null', delayMs: 2500 };
    delete bodies['/properties.json'];
    const started = Date.now();
    expect((await get('/home')).body).toBe(TEMPLATE);
    expect(Date.now() - started).toBeLessThan(2400);
  });

  it('sends the shell in coming-soon mode', async () => {
    bodies['/properties.json'] = JSON.stringify({
      ...seed.properties,
      comingsoon: true,
      launch: '2099-01-01T00:00:00Z',
    });
    expect((await get('/home')).body).toBe(TEMPLATE);
  });

  it.each([
    ['/cart', 'Your wishlist is empty'],
    ['/checkout', 'Checkout'],
    ['/login', 'Sign in to your account'],
  ])(
    'renders %s, a page about the visitor, as one with nothing stored sees it, marked for the app to check',
    async (path, text) => {
      const page = await get(path);
      expect(page.headers['Cache-Control']).toBe(PAGE_CACHE_CONTROL);
      expect(page.body).toContain(DATA);
      expect(page.body).toContain(text);
      expect(page.body).toContain('<div id="root" data-visitors-own>');
      // Drawn plain, as a visitor with nothing stored sees it: styled by the static stylesheet, no MUI or Emotion.
      expect(page.body).not.toContain('data-emotion');
      expect(page.body).not.toMatch(/class="[^"]*\bMui/);
      // Nothing of a visitor's own: no wishlist kept, nobody signed in.
      expect(page.body).toContain('Wishlist, 0 items');
    },
  );

  it.each(Object.keys(render.FIRST_VISIT_PAGES))(
    'renders %s in the language the request asks for, one cache entry per language',
    async (path) => {
      const german = await get(path, 'de-AT,de;q=0.9,en;q=0.5');
      expect(german.headers['Cache-Control']).toBe(PAGE_CACHE_CONTROL);
      expect(german.headers['Content-Language']).toBe('de-DE');
      expect(german.headers.Vary).toBe('Accept-Language');
      expect(german.body).toContain('<html lang="de-DE">');
      expect(german.body).toMatch(/<span[^>]*>Sprache<\/span>/);
      expect(german.body).toContain('"language":"de-DE"');
      // The page rendered for one language is never the answer to another (the server keeps both).
      for (const header of [undefined, 'fr-FR, en-US;q=0.8', 'de;q=0, en']) {
        const english = await get(path, header);
        expect(english.headers['Content-Language']).toBe('en-GB');
        expect(english.body).toContain('<html lang="en-GB">');
        expect(english.body).toMatch(/<span[^>]*>Language<\/span>/);
      }
    },
  );

  it('renders the organiser’s German texts for German, their English elsewhere, marking English shown to German', async () => {
    const products = structuredClone(seed.products) as Record<string, Record<string, unknown>>;
    products['folk-in-the-round']!.translations = { 'de-DE': { title: 'Folk im Kreis' } };
    bodies['/products.json'] = JSON.stringify(products);
    bodies['/properties.json'] = JSON.stringify({
      ...seed.properties,
      translations: { 'de-DE': { tagline: 'Livemusik am Hafen', categories: { 'Live music': 'Livemusik' } } },
    });
    const german = (await get('/products', 'de-DE')).body;
    expect(german).toMatch(/<h2[^>]*>Folk im Kreis<\/h2>/);
    expect(german).toMatch(/<h2[^>]*lang="en-GB"[^>]*>Winter Vinyl Fair<\/h2>/);
    expect(german).toContain('Livemusik am Hafen');
    // The category filter names each category in German where the organiser did, else in English, marked.
    expect(german).toContain('<option value="Live music">Livemusik</option>');
    expect(german).toContain('<option value="Workshops" lang="en-GB">Workshops</option>');
    const english = (await get('/products', 'en-GB')).body;
    expect(english).toMatch(/<h2[^>]*>Folk in the Round<\/h2>/);
    // The page's data carries every language (the app switches without asking again); what is drawn is English.
    expect(english).not.toContain('>Folk im Kreis<');
    expect(english).not.toContain('>Livemusik am Hafen<');
    expect(english).toContain('<option value="Live music">Live music</option>');
    expect(english).not.toMatch(/<h2[^>]*lang=/);
  });

  it('renders the coming-soon page, in coming-soon mode too, and sign-in, which stays open then', async () => {
    expect((await get('/coming-soon')).body).toContain('<h1 class="t-h1">The Lantern Rooms</h1>');
    expect((await get('/coming-soon')).body).not.toContain('data-visitors-own');
    bodies['/properties.json'] = JSON.stringify({
      ...seed.properties,
      comingsoon: true,
      launch: '2099-01-01T00:00:00Z',
    });
    expect((await get('/coming-soon')).body).toContain('We open on');
    expect((await get('/login')).body).toContain('Sign in to your account');
    expect((await get('/cart')).body).toBe(TEMPLATE);
  });

  it('sends a first visit to the dashboard to sign in first, keeping where it was going, without reading data', async () => {
    answer.status = 500;
    delete bodies['/properties.json'];
    for (const [url, location] of [
      ['/dashboard', '/login?next=%2Fdashboard'],
      ['/dashboard?tab=orders&q=a%20b', '/login?next=%2Fdashboard%3Ftab%3Dorders%26q%3Da%2520b'],
    ] as const) {
      const page = await get(url);
      expect(page.status, url).toBe(302);
      expect(page.headers.Location, url).toBe(location);
      expect(page.headers['Cache-Control'], url).toBe('no-store');
    }
    // Only the dashboard itself: anything under it or like it is not a page of the app.
    for (const url of ['/dashboard/', '/dashboard/x', '//dashboard', '/Dashboard'])
      expect((await get(url)).status, url).toBe(200);
  });

  it('keeps markup in the data as text', async () => {
    bodies['/products.json'] = JSON.stringify({
      x: { title: '<img src=x onerror=alert(1)></script><script>alert(2)</script>', price: 1, active: true },
    });
    const page = await get('/products');
    expect(page.body).toContain(DATA);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<script>alert(2)');
  });

  it('answers odd requests with the shell or a plain error', async () => {
    const server = pages();
    for (const url of [
      '//evil.example/home',
      '/home/',
      '/%ff',
      '/nowhere',
      '',
      undefined,
      `/products?q=${'a'.repeat(5000)}`,
    ]) {
      const page = await server.answer({ method: 'GET', url });
      expect(page.status, String(url)).toBe(200);
      expect(page.body, String(url)).toBe(TEMPLATE);
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', undefined]) {
      expect(await server.page({ method, url: '/home' })).toBeNull();
      const refused = await server.answer({ method, url: '/home' });
      expect(refused.status).toBe(405);
      expect(refused.headers['Content-Type']).toMatch(/^text\/plain/);
    }
    expect((await server.answer({ method: 'HEAD', url: '/home' })).headers['Cache-Control']).toBe(PAGE_CACHE_CONTROL);
  });

  it('puts the page in #root, whatever the shell holds in and around it', async () => {
    const head =
      '<!doctype html><html lang="en"><head><title>Shop</title><script>var shown = \'<div id="root"></div>\';</script>';
    const tail = '<template id="start-failed"><div><p>&lt;/div&gt; Try again</p></div></template></body></html>';
    const shell =
      `${head}</head><body><div id="root"><!--first-visit-page-->` +
      '<noscript><div class="note"><div>This shop needs JavaScript</div></div></noscript>' +
      `<!--/first-visit-page--></div>${tail}`;
    const page = await firstVisitPages({ load: async () => ({ template: shell, render }), databaseUrl }).answer({
      method: 'GET',
      url: '/products',
    });
    expect(page.headers['Cache-Control']).toBe(PAGE_CACHE_CONTROL);
    // The shell's script and everything after #root come through untouched; the page says its language.
    expect(page.body.startsWith(head.replace('<html lang="en">', '<html lang="en-GB">'))).toBe(true);
    expect(page.body.endsWith(tail)).toBe(true);
    // #root holds the page alone: the shell's own content is gone, and the data follows #root's end.
    const root = page.body.slice(page.body.indexOf('<body><div id="root">'), page.body.indexOf(tail));
    expect(root).toContain('Harbour Jazz Night');
    expect(root).not.toContain('needs JavaScript');
    expect(root).not.toContain('first-visit-page');
    expect(root).toMatch(/<\/div><script type="application\/json" id="first-visit-data">[^<]*<\/script>$/);
    const opened = root.match(/<div[\s>]/g)?.length ?? 0;
    expect(root.match(/<\/div>/g)?.length).toBe(opened);
  });

  it.each([
    ['no place for the page', '<html><head></head><body><div id="root"></div></body></html>'],
    [
      'two places',
      `<html><head></head><body>${'<div id="root"><!--first-visit-page--><!--/first-visit-page--></div>'.repeat(2)}</body></html>`,
    ],
    ['a second end of the head', `<html><head><script>'</head>'</script></head><body>${TEMPLATE.split('<body>')[1]}`],
  ])('sends the shell, and says why, when index.html has %s', async (_what, shell) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = await firstVisitPages({ load: async () => ({ template: shell, render }), databaseUrl }).answer({
      method: 'GET',
      url: '/home',
    });
    expect(page.body).toBe(shell);
    expect(page.headers['Cache-Control']).toBe(SHELL_CACHE_CONTROL);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/index\.html/));
  });

  it('gives a plain error, never the failure itself, when not even the shell can be loaded', async () => {
    const broken = firstVisitPages({
      load: () => Promise.reject(new Error('ENOENT: /secret/path/index.html')),
      databaseUrl,
    });
    expect(await broken.page({ method: 'GET', url: '/home' })).toBeNull();
    const page = await broken.answer({ method: 'GET', url: '/home' });
    expect(page.status).toBe(500);
    expect(page.body).not.toContain('secret');
  });
});
