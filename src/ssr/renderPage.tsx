/**
 * The server's side of a first visit (built with `vite build --ssr`, run by scripts/stack/firstVisitPages.ts):
 * renders one of FIRST_VISIT_PAGES to HTML with the data read from the database, the same way the browser will
 * then render it over that HTML. The plain pages are styled by the app's static stylesheet, which the page's
 * template (index.html) links in its head; a page drawn with MUI brings its styles along as Emotion renders them on
 * a server, a <style> element before the elements that use it, which Emotion moves into the head in the browser
 * before React takes the page over (docs/styling.md).
 */
import { i18n, type Messages } from '@lingui/core';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '../app/App';
import { pages } from '../app/routing/pages';
import { loginPathFor } from '../features/account';
import { OPEN_DURING_COMING_SOON } from '../features/site/comingSoon';
import { comingSoonAtom } from '../features/site/comingSoonAtoms';
import { hydratingAtom } from '../state/atoms';
import { readFirebaseSettings } from '../firebase/config';
import { acceptedLanguages, chooseLanguage, type Language } from '../i18n/languages';
import {
  FIRST_VISIT_DATA_ID,
  FIRST_VISIT_PAGES,
  VISITORS_OWN_ATTRIBUTE,
  VISITORS_OWN_PAGES,
  applyFirstVisitData,
  serializeFirstVisitData,
  type FirstVisitData,
} from '../app/firstVisit';

export { FIRST_VISIT_PAGES, type FirstVisitData, type Language };

/**
 * Every language's messages, all parts, loaded once into Lingui's instance when the server bundle starts: a render
 * cannot wait for a fetch, and then only chooses its language.
 */
const CATALOGUES = import.meta.glob<{ messages: Messages }>('../locales/*/*.po', { eager: true });
for (const [path, { messages }] of Object.entries(CATALOGUES)) {
  i18n.load(/([\w-]+)\.po$/.exec(path)?.[1] ?? '', messages);
}

/** The language to render a first visit in, from the request's Accept-Language (docs/languages.md). */
export function languageFor(acceptLanguage: string | undefined): Language {
  return chooseLanguage(acceptedLanguages(acceptLanguage));
}

/**
 * Speaks `language` on Lingui's one instance. Safe on a server answering many visitors at once: renderToString
 * runs to the end without yielding, and every render speaks its own language first.
 */
function speakNow(language: Language): void {
  i18n.activate(language);
}

/**
 * A first visit the server answers with a redirect, or null: what the app would do at once for a visitor with
 * nothing stored. The dashboard sends a signed-out visitor to sign in; one who is signed in on this device comes
 * straight back, since the sign-in page sends a signed-in visitor on to where `next` says.
 */
export function firstVisitRedirect(path: string, search: string): string | null {
  return path === '/dashboard' ? loginPathFor(`${path}${search}`) : null;
}

/** The REST addresses of what a first visit shows, on the database this build talks to. */
export function firstVisitSources(databaseUrl?: string): { properties: string; products: string } {
  const settings = readFirebaseSettings(import.meta.env, '127.0.0.1');
  const base = new URL(databaseUrl ?? settings.options.databaseURL ?? '');
  const at = (path: string, query: Record<string, string>) => {
    const url = new URL(`${path}.json`, base);
    for (const [key, value] of [...base.searchParams, ...Object.entries(query)]) url.searchParams.set(key, value);
    return url.href;
  };
  return {
    properties: at('/properties', {}),
    // The one query the rules let the public read the catalogue by (database.rules.json).
    products: at('/products', { orderBy: '"active"', equalTo: 'true' }),
  };
}

/** React's preloads for high-priority pictures. */
const PRELOADS = /<link rel="preload"[^>]*\/>/g;

export interface RenderedPage {
  /** For the head: the preloads of the page's first pictures. */
  head: string;
  /** The markup for inside #root. */
  root: string;
  /** For #root's start tag: marks a page that shows the visitor's own state (VISITORS_OWN_PAGES). */
  rootAttributes: string;
  /** The script element carrying the data, for after #root. */
  data: string;
  /** The language it is in, for <html lang> and Content-Language. */
  language: Language;
}

/**
 * The page at `path` (with `search`), or null when it is not a first-visit page or the shop is in coming-soon
 * mode and the page is not open during it (the app then takes visitors to the coming-soon page itself).
 */
export async function renderPage(path: string, search: string, data: FirstVisitData): Promise<RenderedPage | null> {
  const page = FIRST_VISIT_PAGES[path];
  if (!page) return null;
  const store = createStore();
  applyFirstVisitData(store, data);
  // Drawn as the browser draws it while taking the page over: without the visitor's own state (startApp.tsx).
  store.set(hydratingAtom, true);
  if (store.get(comingSoonAtom).active && !OPEN_DURING_COMING_SOON.has(path)) return null;
  await pages[page].load();
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={`${path}${search}`}>{children}</StaticRouter>
  );
  speakNow(data.language);
  const html = renderToString(<App store={store} Router={Router} />);
  // React writes them where the picture is; in the head, the browser finds them before it parses the page.
  const preloads: string[] = [];
  const root = html.replace(PRELOADS, (element) => {
    preloads.push(element);
    return '';
  });
  return {
    head: preloads.join(''),
    root,
    rootAttributes: VISITORS_OWN_PAGES.has(page) ? ` ${VISITORS_OWN_ATTRIBUTE}` : '',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- markup, no words
    data: `<script type="application/json" id="${FIRST_VISIT_DATA_ID}">${serializeFirstVisitData(data)}</script>`,
    language: data.language,
  };
}
