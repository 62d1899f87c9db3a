import { normaliseDate } from './dates';
import type { SiteState } from './types';
import { isRecord } from './validation';

export const DEFAULT_SITE: SiteState = {
  name: 'Storefront',
  tagline: '',
  address: '',
  postcode: '',
  telephone: '',
  email: '',
  website: '',
  calendar: '',
  comingsoon: false,
  launch: null,
  currency: 'GBP',
  locale: 'en-GB',
  timezone: null,
};

const TEXT_FIELDS = ['name', 'tagline', 'address', 'postcode', 'telephone', 'email'] as const;
/** Shown as links: a `javascript:` or `data:` address from the database must never become one. */
const LINK_FIELDS = ['website', 'calendar'] as const;

function isWebAddress(value: unknown): value is string {
  return typeof value === 'string' && (value === '' || /^https?:\/\/\S+$/i.test(value));
}

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value);
}

/**
 * A well-formed language tag. Whether this browser has data for it is left to formatting, which falls back by
 * itself: asking (supportedLocalesOf) loads the browser's whole locale list, some 25 ms at start-up.
 */
function isLocale(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    return Intl.getCanonicalLocales(value).length > 0;
  } catch {
    return false;
  }
}

/** An IANA time-zone name of the shape the rules accept, and one this browser can show times in. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64 || !/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export interface SiteReading {
  site: SiteState;
  /** Fields that were present but unusable; each fell back to its default. */
  invalid: string[];
}

/**
 * Reads site fields from a properties value field by field: a missing field takes its default, a field of the
 * wrong type takes its default and is reported, so one bad field never hides the others.
 */
export function readSiteFields(raw: unknown): SiteReading {
  const site: SiteState = { ...DEFAULT_SITE };
  const invalid: string[] = [];
  if (!isRecord(raw)) return { site, invalid: raw == null ? [] : ['properties'] };

  for (const field of TEXT_FIELDS) {
    const value = raw[field];
    if (typeof value === 'string') site[field] = value;
    else if (value != null) invalid.push(field);
  }
  for (const field of LINK_FIELDS) {
    const value = raw[field];
    if (isWebAddress(value)) site[field] = value;
    else if (value != null) invalid.push(field);
  }
  if (typeof raw.comingsoon === 'boolean') site.comingsoon = raw.comingsoon;
  else if (raw.comingsoon != null) invalid.push('comingsoon');

  const launch = normaliseDate(raw.launch);
  if (launch !== undefined) site.launch = launch;
  else if (raw.launch != null) invalid.push('launch');

  if (isCurrencyCode(raw.currency)) site.currency = raw.currency;
  else if (raw.currency != null) invalid.push('currency');
  if (isLocale(raw.locale)) site.locale = raw.locale;
  else if (raw.locale != null) invalid.push('locale');
  if (isTimeZone(raw.timezone)) site.timezone = raw.timezone;
  else if (raw.timezone != null) invalid.push('timezone');

  return { site, invalid };
}
