import { atom } from 'jotai';
import { languageAtom, mainLanguageAtom, siteAtom } from '../../state/atoms';
import { StorageSlot } from '../../state/storage';
import { isRecord } from '../../state/validation';
import { readTranslations, shopLanguage, type ShopLanguage } from '../../i18n/languages';

/** The tagline in the shop's other languages (properties/translations), by language. */
export type Taglines = Partial<Record<ShopLanguage, string>>;

/** The translated taglines of a properties value; anything that is not one is left out (docs/languages.md#organiser-content). */
export function readTaglines(properties: unknown): Taglines {
  return readTranslations(isRecord(properties) ? properties.translations : undefined, ({ tagline }) =>
    typeof tagline === 'string' && tagline.trim() !== '' ? tagline.trim() : null,
  );
}

// Kept apart from localStorage["state"], whose `site` keeps the spec's shape; an offline visit reads them from here.
const slot = new StorageSlot(
  () => window.localStorage,
  'taglines',
  () => undefined,
);

function readCachedTaglines(): Taglines {
  try {
    return readTaglines({ translations: JSON.parse(slot.read() ?? 'null') });
  } catch {
    return {};
  }
}

export function cacheTaglines(taglines: Taglines): void {
  slot.write(
    JSON.stringify(Object.fromEntries(Object.entries(taglines).map(([language, tagline]) => [language, { tagline }]))),
  );
}

export const taglinesAtom = atom<Taglines>(readCachedTaglines());

/**
 * The tagline a reader sees: in their language when the organiser translated it, else the main language's, with
 * that language named (`lang`) so that it is read as such.
 */
export const taglineAtom = atom((get): { text: string; lang?: ShopLanguage } => {
  const { tagline } = get(siteAtom);
  const reader = shopLanguage(get(languageAtom));
  const main = get(mainLanguageAtom);
  if (reader === main || tagline === '') return { text: tagline };
  const translated = get(taglinesAtom)[reader];
  return translated ? { text: translated } : { text: tagline, lang: main };
});
