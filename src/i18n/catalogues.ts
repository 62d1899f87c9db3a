import { i18n, type Messages } from '@lingui/core';
import type { Language } from './languages';

type Catalogue = () => Promise<{ messages: Messages }>;

/**
 * The messages come in three parts per language (lingui.config.ts, docs/languages.md): `start`, what the plain
 * public pages say, before the first render; `staff`, what the staff tools say, with their code; `more`, the rest,
 * with the first page drawn with MUI. Each is a chunk of its own, fetched when first needed; the service worker
 * keeps them all for offline use.
 */
export type MessagePart = 'start' | 'more' | 'staff';

const CATALOGUES: Readonly<Record<MessagePart, Readonly<Record<Language, Catalogue>>>> = {
  start: {
    'en-GB': () => import('../locales/start/en-GB.po'),
    'de-DE': () => import('../locales/start/de-DE.po'),
    'en-XA': () => import('../locales/start/en-XA.po'),
  },
  more: {
    'en-GB': () => import('../locales/more/en-GB.po'),
    'de-DE': () => import('../locales/more/de-DE.po'),
    'en-XA': () => import('../locales/more/en-XA.po'),
  },
  staff: {
    'en-GB': () => import('../locales/staff/en-GB.po'),
    'de-DE': () => import('../locales/staff/de-DE.po'),
    'en-XA': () => import('../locales/staff/en-XA.po'),
  },
};

const loading = new Map<string, Promise<void>>();
/** The parts the pages shown so far needed: a new language comes with all of them. */
const needed = new Set<MessagePart>(['start']);

/** Fetches one part of a language's messages (once) without speaking it yet. */
export function loadMessages(language: Language, part: MessagePart = 'start'): Promise<void> {
  const key = `${part} ${language}`;
  let loaded = loading.get(key);
  if (!loaded) {
    loaded = CATALOGUES[part][language]().then(({ messages }) => i18n.load(language, messages));
    // A failed fetch (offline before the service worker had the chunk) may succeed later.
    loaded.catch(() => loading.delete(key));
    loading.set(key, loaded);
  }
  return loaded;
}

let firstSpoken: (language: Language) => void = () => undefined;
/** The first language spoken: a page may ask for its messages before start-up has chosen it. */
const started = new Promise<Language>((resolve) => (firstSpoken = resolve));
let spoken: Language | null = null;

/** Makes sure the spoken language has `part` of its messages, and that any language spoken later has it too. */
export function needMessages(part: MessagePart): Promise<void> {
  // The server bundle has every message already (src/ssr/renderPage.tsx).
  if (import.meta.env.SSR) return Promise.resolve();
  needed.add(part);
  return spoken === null ? started.then((language) => loadMessages(language, part)) : loadMessages(spoken, part);
}

/** Speaks `language` from now on: every component that shows a message renders again (I18nProvider). */
export async function speak(language: Language): Promise<void> {
  await Promise.all([...needed].map((part) => loadMessages(language, part)));
  i18n.activate(language);
  spoken = language;
  firstSpoken(language);
  document.documentElement.lang = language;
}
