/**
 * The countries a shop may name as its own on the desk (docs/taxes.md#settings): the European Union's, whose VAT
 * rules invoices follow, and its neighbours that sell to it. Named in the reader's language by the browser.
 */
export const SHOP_COUNTRIES =
  // eslint-disable-next-line lingui/no-unlocalized-strings -- ISO 3166 country codes, no words
  'AT BE BG CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK'.split(' ');

/** The countries as a select lists them: by name in `locale`, with the code where the browser has no name. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return SHOP_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
}
