import { useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { BILLING_COUNTRIES, BILLING_LIMITS, billingVatProblem, type BillingDetails } from '../../orders';

export type BillingProblems = Partial<Record<keyof BillingDetails, string>>;

/** What is wrong with each of the details, in words; empty when nothing is (the rules and trusted code check again). */
export function useBillingProblems(details: BillingDetails | null): BillingProblems {
  const { t } = useLingui();
  if (!details) return {};
  const problems: BillingProblems = {};
  const addressMost = BILLING_LIMITS.address;
  const companyMost = BILLING_LIMITS.company;
  if (details.address.trim() === '') problems.address = t`Enter the address the invoice is made out to.`;
  else if (details.address.trim().length > addressMost)
    problems.address = t`Keep the address to ${addressMost} characters.`;
  if (details.company.trim().length > companyMost) problems.company = t`Keep the name to ${companyMost} characters.`;
  if (details.country === '') problems.country = t`Choose the country of the address.`;
  switch (billingVatProblem(details.vatId, details.country)) {
    case 'country':
      problems.vatId = t`Start it with the country’s two letters, as in DE136308783.`;
      break;
    case 'format':
      problems.vatId = t`This is not how a VAT number of that country is written.`;
      break;
    case 'checksum':
      problems.vatId = t`Its check digits are wrong: please look at the number again.`;
      break;
    case 'elsewhere':
      problems.vatId = t`This VAT number is of another country than the address.`;
      break;
  }
  return problems;
}

/** The id of a field, so the first one wrong can be focused. */
export const billingFieldId = (prefix: string, field: keyof BillingDetails) => `${prefix}-billing-${field}`;

export const NO_BILLING: BillingDetails = { company: '', address: '', country: '', vatId: '' };

/**
 * The details an invoice is made out to (docs/invoices.md#the-buyers-details): a company (optional), the address, its
 * country and a VAT number (optional, checked offline for its country). `shown` says whether the problems show yet.
 */
export function BillingFields({
  idPrefix,
  value,
  onChange,
  shown,
}: {
  idPrefix: string;
  value: BillingDetails;
  onChange: (details: BillingDetails) => void;
  shown: boolean;
}) {
  const { t, i18n } = useLingui();
  const problems = useBillingProblems(value);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    return BILLING_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, i18n.locale),
    );
  }, [i18n.locale]);
  const field = (key: keyof BillingDetails, hint: string) => ({
    id: billingFieldId(idPrefix, key),
    value: value[key],
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [key]: event.target.value }),
    error: shown && problems[key] !== undefined,
    helperText: shown && problems[key] ? problems[key] : hint,
  });
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <TextField
        {...field('company', t`Leave empty for an invoice in your own name`)}
        label={t`Company (optional)`}
        autoComplete="organization"
        slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.company } }}
      />
      <TextField
        {...field('address', t`Street, postcode and town, as the invoice should give them`)}
        label={t`Invoice address`}
        required
        multiline
        minRows={2}
        autoComplete="street-address"
        slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.address } }}
      />
      <TextField
        {...field('country', '')}
        select
        label={t`Country`}
        required
        autoComplete="country"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="" disabled>
          {t`Choose a country`}
        </option>
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </TextField>
      <TextField
        {...field('vatId', t`For a business: checked for its form only, not with the tax office`)}
        label={t`VAT number (optional)`}
        slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.vatId + 6 } }}
      />
    </Stack>
  );
}
