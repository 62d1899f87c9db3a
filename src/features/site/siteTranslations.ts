import { atom } from 'jotai';
import { languageAtom, mainLanguageAtom, siteAtom } from '../../state/atoms';
import { StorageSlot } from '../../state/storage';
import { isRecord } from '../../state/validation';
import { readTranslations, shopLanguage, type ShopLanguage } from '../../i18n/languages';

/*
 * The organiser's site texts in the shop's other languages, as `properties/translations` holds them (the tagline,
 * the categories' names: docs/languages.md#organiser-content), and their copy on this device for offline visits.
 * One module: start-up reads them together, and one chunk costs less than three.
 */

// Kept apart from localStorage["state"], whose `site` keeps the spec's shape. What is read back goes through the
// same checks as what the database sends (readTaglines, readCategoryNames).
const slot = new StorageSlot(
  () => window.localStorage,
  'siteTranslations',
  () => undefined,
);

/** The cached translations as a properties value that holds only them; nothing when none could be read. */
function readCachedTranslations(): { translations?: unknown } {
  try {
    return { translations: JSON.parse(slot.read() ?? 'null') as unknown };
  } catch {
    return {};
  }
}

export function cacheTranslations(properties: unknown): void {
  slot.write(JSON.stringify(isRecord(properties) ? (properties.translations ?? null) : null));
}

/** Read once at start-up, for the tagline and the categories' names alike. */
const cached = readCachedTranslations();

/** A text as a reader reads it; `lang` names the main language when it is shown in that one for want of theirs. */
export interface ShownText {
  text: string;
  lang?: ShopLanguage;
}

/**
 * The organiser's text in the reader's language where there is one (`translated`), else the main language's,
 * named as such so that it is read as such (docs/languages.md#organiser-content).
 */
function shown(text: string, translated: string | undefined, reader: ShopLanguage, main: ShopLanguage): ShownText {
  if (reader === main) return { text };
  return translated === undefined ? { text, lang: main } : { text: translated };
}

/** The tagline in the shop's other languages (properties/translations), by language. */
export type Taglines = Partial<Record<ShopLanguage, string>>;

/** The translated taglines of a properties value; anything that is not one is left out (docs/languages.md#organiser-content). */
export function readTaglines(properties: unknown): Taglines {
  return readTranslations(isRecord(properties) ? properties.translations : undefined, ({ tagline }) =>
    typeof tagline === 'string' && tagline.trim() !== '' ? tagline.trim() : null,
  );
}

export const taglinesAtom = atom<Taglines>(readTaglines(cached));

/**
 * The tagline a reader sees: in their language when the organiser translated it, else the main language's, with
 * that language named (`lang`) so that it is read as such.
 */
export const taglineAtom = atom((get): ShownText => {
  const { tagline } = get(siteAtom);
  const reader = shopLanguage(get(languageAtom));
  return tagline === '' ? { text: '' } : shown(tagline, get(taglinesAtom)[reader], reader, get(mainLanguageAtom));
});

/** The longest category name, in any language (database.rules.json: a product's category, its translations). */
export const MAX_CATEGORY_NAME = 100;

/**
 * A category's translations are kept by its name in the main language (docs/languages.md#categories), which a
 * database key cannot always hold as it is: the characters keys refuse, and `%` itself, are written `%XX`.
 */
export function categoryKey(name: string): string {
  return name.replace(
    // eslint-disable-next-line no-control-regex -- control characters are among those a key refuses
    /[%.#$[\]/\u0000-\u001f\u007f]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

export function categoryFromKey(key: string): string {
  return key.replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Each language's names of categories, by the category's name in the main language: plain data, which live updates
 * compare (sameData), read with Object.hasOwn (a category may be called "constructor").
 */
export type CategoryNames = Partial<Record<ShopLanguage, Readonly<Record<string, string>>>>;

/** The categories' names in a properties value; anything that is not one is left out. */
export function readCategoryNames(properties: unknown): CategoryNames {
  return readTranslations(isRecord(properties) ? properties.translations : undefined, ({ categories }) => {
    if (!isRecord(categories)) return null;
    const names = Object.entries(categories).flatMap(([key, name]) => {
      const text = typeof name === 'string' ? name.trim() : '';
      return text !== '' && text.length <= MAX_CATEGORY_NAME ? [[categoryFromKey(key), text] as const] : [];
    });
    return names.length > 0 ? Object.fromEntries(names) : null;
  });
}

export const categoryNamesAtom = atom<CategoryNames>(readCategoryNames(cached));

/** The organiser's name of a category in the reader's language, else the main language's, shown as such. */
export const showCategoryAtom = atom((get) => {
  const reader = shopLanguage(get(languageAtom));
  const main = get(mainLanguageAtom);
  const names = get(categoryNamesAtom)[reader] ?? {};
  return (category: string): ShownText =>
    shown(category, Object.hasOwn(names, category) ? names[category] : undefined, reader, main);
});
