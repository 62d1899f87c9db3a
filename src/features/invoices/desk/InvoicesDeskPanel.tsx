import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRecord } from '../../../state/validation';
import { LiveContent, Section } from '../../dashboardKit';
import { invoicePaths, parseInvoiceSettings } from '../model';
import { AccountantExport } from './AccountantExport';
import { InvoiceSettingsForm } from './InvoiceSettingsForm';

/** The last number issued of each prefix, as staff read invoiceCounters; what cannot be read is left out. */
function IssuedSoFar({ raw }: { raw: unknown }) {
  const issued = Object.entries(isRecord(raw) ? raw : {}).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isInteger(entry[1]),
  );
  if (issued.length === 0) {
    return (
      <Typography color="textSecondary">
        <Trans>No document has been issued yet.</Trans>
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, paddingInlineStart: 2.5 }}>
      {issued.map(([prefix, last]) => (
        <Typography component="li" key={prefix}>
          <Trans>
            {prefix}: {last} issued, the last {`${prefix}${last}`}
          </Trans>
        </Typography>
      ))}
    </Stack>
  );
}

/**
 * The desk's invoices (docs/invoices.md#settings): whether trusted code issues documents, the seller's details they
 * print and the prefix of their numbers, live, saved straight to invoiceSettings (staff may write it; the rules hold
 * its shape); and how many have been issued under each prefix. Loaded with its tab.
 */
export default function InvoicesDeskPanel() {
  const { t } = useLingui();
  return (
    <Section title={t`Invoices`}>
      <LiveContent path={invoicePaths.settings} loading={t`Loading the invoice settings…`}>
        {(raw) => {
          const settings = parseInvoiceSettings(raw);
          return (
            <Stack spacing={3}>
              <Typography color="textSecondary">
                <Trans>
                  Trusted code issues each paid order an invoice, numbered without gaps, and each refund a credit note
                  naming the invoice it corrects. A document never changes once issued: a correction is a new one.
                </Trans>
              </Typography>
              {!settings.usable && (
                <Alert severity="warning">
                  <Trans>
                    Invoicing is switched on, but the seller’s name or address is missing: no invoice is issued until
                    both are given below.
                  </Trans>
                </Alert>
              )}
              <InvoiceSettingsForm settings={settings} />
              <Stack spacing={1} component="section" aria-labelledby="invoices-issued-heading">
                <Typography id="invoices-issued-heading" variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
                  <Trans>Issued so far</Trans>
                </Typography>
                <LiveContent path={invoicePaths.counters} loading={t`Loading the numbers issued…`}>
                  {(counters) => <IssuedSoFar raw={counters} />}
                </LiveContent>
              </Stack>
              <AccountantExport />
            </Stack>
          );
        }}
      </LiveContent>
    </Section>
  );
}
