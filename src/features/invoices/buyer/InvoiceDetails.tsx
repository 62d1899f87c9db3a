import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { billingDetails, type BillingDetails } from '../../orders';
import type { BillingChange } from '../model';
import { billingFieldId, BillingFields, NO_BILLING, useBillingProblems } from './BillingFields';
import { changeBilling } from './billingRequest';

/** The details as the page shows them: company, address, country, VAT number, a line each. */
function DetailsText({ details }: { details: BillingDetails }) {
  const { t, i18n } = useLingui();
  const country = new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(details.country) ?? details.country;
  const vatId = details.vatId;
  return (
    <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
      {[details.company, details.address, country, vatId ? t`VAT number ${vatId}` : ''].filter(Boolean).join('\n')}
    </Typography>
  );
}

/**
 * The order page's invoice details (docs/invoices.md#the-buyers-details): what the invoice is made out to, and, until
 * the organiser's deadline, a form to change them; trusted code then credits the invoice and issues it again, and the
 * page fetches the order anew (`onChanged`).
 */
export function InvoiceDetails({
  secret,
  billing,
  invoiced,
  onChanged,
}: {
  secret: string;
  billing: { details: BillingDetails | null; change: BillingChange };
  invoiced: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState<BillingDetails | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const problems = useBillingProblems(typed);
  const { details, change } = billing;
  if (!details && change.kind !== 'open') return null;
  const until =
    change.kind === 'open' && change.until !== null
      ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(change.until))
      : null;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!typed) return;
    setTried(true);
    const wrong = (['company', 'address', 'country', 'vatId'] as const).find((field) => problems[field]);
    const checked = billingDetails(typed);
    if (wrong || !checked) {
      document.getElementById(billingFieldId('order', wrong ?? 'address'))?.focus();
      return;
    }
    setBusy(true);
    const answer = await changeBilling(secret, checked);
    setBusy(false);
    if (answer.kind === 'changed') {
      setTyped(null);
      setSaid({
        severity: 'success',
        text: invoiced
          ? t`Saved. Your invoice is issued again with these details, and the one before is credited.`
          : t`Saved. Your invoice will be made out with these details.`,
      });
      onChanged();
    } else setSaid({ severity: 'error', text: answer.kind === 'refused' ? answer.message : t`Please try again.` });
  }

  return (
    <Stack component="section" spacing={1} aria-labelledby="invoice-details-heading" sx={{ mt: 3 }}>
      <Typography id="invoice-details-heading" variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 600 }}>
        <Trans>Invoice details</Trans>
      </Typography>
      {details ? (
        <DetailsText details={details} />
      ) : (
        <Typography color="textSecondary">
          <Trans>Your invoice is made out to your name. You can add a company, an address and a VAT number.</Trans>
        </Typography>
      )}
      {until && !typed && (
        <Typography color="textSecondary">
          <Trans>You can change them until {until}.</Trans>
        </Typography>
      )}
      {said && !typed && (
        <Alert severity={said.severity} role={said.severity === 'error' ? 'alert' : 'status'}>
          {said.text}
        </Alert>
      )}
      {change.kind === 'open' && !typed && (
        <div>
          <Button
            variant="outlined"
            onClick={() => {
              setTyped(details ?? NO_BILLING);
              setTried(false);
              setSaid(null);
            }}
          >
            {details ? t`Change invoice details` : t`Add invoice details`}
          </Button>
        </div>
      )}
      {typed && (
        <Stack
          component="form"
          noValidate
          spacing={1}
          onSubmit={(event) => void save(event)}
          aria-label={t`Invoice details`}
        >
          <BillingFields idPrefix="order" value={typed} onChange={setTyped} shown={tried} />
          {said && (
            <Alert severity={said.severity} role="alert">
              {said.text}
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? t`Saving…` : t`Save invoice details`}
            </Button>
            <Button onClick={() => setTyped(null)} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
