/**
 * The languages the shop speaks (docs/languages.md). Pure: the persisted state checks a stored choice against it,
 * the server matches a request's Accept-Language with it, and the browser matches its own language list.
 */
export const LANGUAGES = ['en-GB', 'de-DE'] as const;
/** A language the shop speaks to people: what an order records, for its emails and tickets. */
export type ShopLanguage = (typeof LANGUAGES)[number];
/**
 * Made from the English, accented and about 40% longer (scripts/pseudoLocale.ts): tests use it to find text that is
 * not translated, and text that a longer language would clip.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type Language = ShopLanguage | typeof PSEUDO_LANGUAGE;

/** The language a visitor gets when none of theirs is offered. */
export const DEFAULT_LANGUAGE: ShopLanguage = 'en-GB';

/** Each language's name in itself, as a language picker shows it: the same in every language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  /* eslint-disable lingui/no-unlocalized-strings -- a language's own name is never translated */
  'en-GB': 'English',
  'de-DE': 'Deutsch',
  'en-XA': 'Ƥšéûðö',
  /* eslint-enable lingui/no-unlocalized-strings */
};

const ALL: readonly string[] = [...LANGUAGES, PSEUDO_LANGUAGE];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && ALL.includes(value);
}

export function isShopLanguage(value: unknown): value is ShopLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The organiser's words in other languages as stored under a `translations` node (docs/languages.md#organiser-
 * content): the shop's languages only, each read by `read`, which answers null for what is no translation.
 */
export function readTranslations<T>(
  stored: unknown,
  read: (texts: Record<string, unknown>) => T | null,
): Partial<Record<ShopLanguage, T>> {
  const found: Partial<Record<ShopLanguage, T>> = {};
  if (!isObject(stored)) return found;
  for (const [language, texts] of Object.entries(stored)) {
    const value = isShopLanguage(language) && isObject(texts) ? read(texts) : null;
    if (value !== null) found[language as ShopLanguage] = value;
  }
  return found;
}

/** The language an order is written in for someone reading `language`: the pseudo-language's is British English. */
export function shopLanguage(language: Language): ShopLanguage {
  return language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language;
}

const primary = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? '';

/**
 * The first of `preferred` (the visitor's languages, most wanted first) that the shop speaks: the same tag, or
 * failing that the same language in another region (de-AT → de-DE, en-US → en-GB). The pseudo-language is never
 * chosen this way.
 */
export function chooseLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const exact = LANGUAGES.find((language) => language.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const related = LANGUAGES.find((language) => primary(language) === primary(tag));
    if (related) return related;
  }
  return DEFAULT_LANGUAGE;
}

/** The tags of an Accept-Language header, most wanted first; malformed entries and q=0 are left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1024)
    .split(',')
    .map((entry, at) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const weight = params.find((param) => /^\s*q=/.test(param));
      const q = weight === undefined ? '1' : /^\s*q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.exec(weight)?.[1];
      // A weight that is not one (q=2, q=abc) makes the entry unusable, as any other malformed entry.
      return { tag: tag.trim(), q: q === undefined ? 0 : Number(q), at };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && q > 0)
    .sort((a, b) => b.q - a.q || a.at - b.at)
    .map(({ tag }) => tag);
}

/** The language the organiser writes the shop's texts in: its `locale`'s (docs/languages.md#organiser-content). */
export function mainLanguage(locale: string): ShopLanguage {
  return shopLanguage(chooseLanguage([locale]));
}

/** `language` ("de-DE") as `reader` names languages: "German", "Deutsch". */
export function languageName(language: string, reader: string): string {
  const primary = language.split('-')[0] ?? language;
  return new Intl.DisplayNames([reader], { type: 'language' }).of(primary) ?? language;
}
