import { t } from '@lingui/core/macro';
import type { SiteState } from '../../../state/types';
import { LANGUAGES, type ShopLanguage } from '../../../i18n/languages';
import { categoryKey, type CategoryNames, type Taglines } from '../../site';
import { isTimeZone } from '../../../state/site';
import { emailAddress, optionalText, requiredText, validateFields, type FieldErrors } from '../../../lib/forms';
import { fromLocalInput, inputZone, toLocalInput } from '../../dashboardKit';

/** The tagline in another language, as the form names it: "tagline-de-DE" (docs/languages.md#organiser-content). */
export type TranslatedTagline = `tagline-${ShopLanguage}`;
export const translatedTagline = (language: ShopLanguage): TranslatedTagline => `tagline-${language}`;

/**
 * The properties editor's fields: every field of `properties`, text as typed, the time zone as text (empty: none),
 * the launch as a date-time on the wall clock of that zone, and the tagline in each language (empty: none).
 */
export type PropertiesFields = Omit<SiteState, 'launch' | 'timezone'> & { launch: string; timezone: string } & Record<
    TranslatedTagline,
    string
  >;

export function propertiesFields(site: SiteState, taglines: Taglines): PropertiesFields {
  const { comingsoon, launch, timezone, ...text } = site;
  const translated = Object.fromEntries(
    LANGUAGES.map((language) => [translatedTagline(language), taglines[language] ?? '']),
  ) as Record<TranslatedTagline, string>;
  return {
    ...text,
    ...translated,
    comingsoon,
    timezone: timezone ?? '',
    launch: toLocalInput(launch, inputZone(timezone)),
  };
}

/** The zone the form's launch is read in: the one typed, while it is one. */
export function launchZone(fields: PropertiesFields): string {
  const typed = fields.timezone.trim();
  return inputZone(isTimeZone(typed) ? typed : null);
}

const webAddress = (max: number) => (value: string) => {
  const text = value.trim();
  if (text === '') return undefined;
  if (text.length > max) return t`Please keep this to ${max} characters or fewer.`;
  return /^https?:\/\/\S+$/.test(text) ? undefined : t`Please enter a full web address starting with https://`;
};

/** The same limits as the properties rules in database.rules.json. */
export function validateProperties(fields: PropertiesFields): FieldErrors<PropertiesFields> {
  return validateFields(fields, {
    name: requiredText(() => t`Please enter the shop’s name.`, 100),
    tagline: optionalText(200),
    address: optionalText(300),
    postcode: optionalText(20),
    telephone: optionalText(40),
    email: emailAddress,
    website: webAddress(300),
    calendar: webAddress(1000),
    launch: (value, all) =>
      fromLocalInput(value, launchZone(all)) ? undefined : t`Please choose the launch date and time.`,
    currency: (value) =>
      /^[A-Z]{3}$/.test(value.trim()) ? undefined : t`Please enter a three-letter currency code such as GBP.`,
    locale: (value) =>
      /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value.trim()) ? undefined : t`Please enter a language tag such as en-GB.`,
    timezone: (value) =>
      value.trim() === '' || isTimeZone(value.trim()) ? undefined : t`Please enter a time zone such as Europe/London.`,
    ...Object.fromEntries(LANGUAGES.map((language) => [translatedTagline(language), optionalText(200)])),
  });
}

/**
 * The value written to `properties`: the whole node (the rules want every required field present), so every
 * optional field the shop has set is written back too; an empty time zone is left out. The categories' names are
 * edited apart (CategoryNamesEditor) and written back as they are live (`categoryNames`), so that saving the site
 * details keeps them.
 */
export function propertiesRecord(fields: PropertiesFields, categoryNames: CategoryNames = {}): Record<string, unknown> {
  const translatedNames = new Set<string>(LANGUAGES.map(translatedTagline));
  const { timezone, ...rest } = Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) =>
      translatedNames.has(name) ? [] : [[name, typeof value === 'string' ? value.trim() : value]],
    ),
  );
  const translations = Object.fromEntries(
    LANGUAGES.flatMap((language) => {
      const tagline = fields[translatedTagline(language)].trim();
      const categories = Object.entries(categoryNames[language] ?? {}).map(([category, name]) => [
        categoryKey(category),
        name,
      ]);
      const texts = {
        ...(tagline === '' ? {} : { tagline }),
        ...(categories.length === 0 ? {} : { categories: Object.fromEntries(categories) }),
      };
      return Object.keys(texts).length === 0 ? [] : [[language, texts]];
    }),
  );
  return {
    ...rest,
    launch: fromLocalInput(fields.launch, launchZone(fields)),
    ...(timezone === '' ? {} : { timezone }),
    ...(Object.keys(translations).length > 0 ? { translations } : {}),
  };
}
