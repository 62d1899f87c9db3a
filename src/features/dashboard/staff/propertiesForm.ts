import type { SiteState } from '../../../state/types';
import { emailAddress, optionalText, requiredText, validateFields, type FieldErrors } from '../../../lib/forms';
import { fromLocalInput, toLocalInput } from './dateTimeInput';

/** The properties editor's fields: every field of `properties`, text as typed, the launch as a local date-time. */
export type PropertiesFields = Omit<SiteState, 'launch'> & { launch: string };

export function propertiesFields(site: SiteState): PropertiesFields {
  const { comingsoon, launch, ...text } = site;
  return { ...text, comingsoon, launch: toLocalInput(launch) };
}

const webAddress = (max: number) => (value: string) => {
  const text = value.trim();
  if (text === '') return undefined;
  if (text.length > max) return `Please keep this to ${max} characters or fewer.`;
  return /^https?:\/\/\S+$/.test(text) ? undefined : 'Please enter a full web address starting with https://';
};

/** The same limits as the properties rules in database.rules.json. */
export function validateProperties(fields: PropertiesFields): FieldErrors<PropertiesFields> {
  return validateFields(fields, {
    name: requiredText('the shop’s name', 100),
    tagline: optionalText(200),
    address: optionalText(300),
    postcode: optionalText(20),
    telephone: optionalText(40),
    email: emailAddress,
    website: webAddress(300),
    calendar: webAddress(1000),
    launch: (value) => (fromLocalInput(value) ? undefined : 'Please choose the launch date and time.'),
    currency: (value) =>
      /^[A-Z]{3}$/.test(value.trim()) ? undefined : 'Please enter a three-letter currency code such as GBP.',
    locale: (value) =>
      /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value.trim()) ? undefined : 'Please enter a language tag such as en-GB.',
  });
}

/** The value written to `properties` (the whole node: the rules want every field present). */
export function propertiesRecord(fields: PropertiesFields): Record<string, unknown> {
  const trimmed = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value]),
  );
  return { ...trimmed, launch: fromLocalInput(fields.launch) };
}
