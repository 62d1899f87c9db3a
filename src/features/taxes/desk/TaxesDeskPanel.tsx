import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { paths } from '../../../firebase/paths';
import { isRecord } from '../../../state/validation';
import { parseProduct } from '../../catalogue';
import { LiveContent, Section } from '../../dashboardKit';
import { parseTaxSettings, TAX_TERMS, type TaxRateSetting } from '../model';
import { TaxRateEditor } from './TaxRateEditor';
import { TaxRateList } from './TaxRateList';
import { TaxSettingsForm } from './TaxSettingsForm';

/** How many products and types name each rate, by id; products that cannot be read name none. */
function namedByRate(rawProducts: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [id, raw] of Object.entries(isRecord(rawProducts) ? rawProducts : {})) {
    const parsed = parseProduct(id, raw);
    const rate = 'product' in parsed ? parsed.product.taxRate : undefined;
    if (rate) counts.set(rate, (counts.get(rate) ?? 0) + 1);
  }
  return counts;
}

/** What the rate editor is open for: a rate, or null for a new one. */
type Editing = { rate: TaxRateSetting | null };

function TaxesView({ raw, rawProducts }: { raw: unknown; rawProducts: unknown }) {
  const { t } = useLingui();
  const settings = parseTaxSettings(raw);
  const [editing, setEditing] = useState<Editing | null>(null);
  const most = TAX_TERMS.rates;
  const full = settings.rates.length >= most;
  return (
    <Stack spacing={3}>
      <Typography color="textSecondary">
        <Trans>
          Set how the shop charges tax. Each product and ticket type is taxed at the rate it names in its editor, or at
          the default rate. An order keeps the rates of the moment it is placed: changing them here never changes an
          order already placed.
        </Trans>
      </Typography>
      {!settings.usable && (
        <Alert severity="warning">
          <Trans>
            Tax is switched on, but no rate can be applied: orders are charged no tax until a rate is added below.
          </Trans>
        </Alert>
      )}
      <TaxSettingsForm settings={settings} />
      <Stack spacing={1.5} component="section" aria-labelledby="tax-rates-heading">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="tax-rates-heading" variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
            <Trans>Rates</Trans>
          </Typography>
          <Button variant="outlined" disabled={full} onClick={() => setEditing({ rate: null })}>
            <Trans>Add a rate</Trans>
          </Button>
        </Stack>
        {full && (
          <Typography variant="body2" color="textSecondary">
            {t`The shop has ${most} rates, the most it may have.`}
          </Typography>
        )}
        <TaxRateList settings={settings} namedBy={namedByRate(rawProducts)} onEdit={(rate) => setEditing({ rate })} />
      </Stack>
      {editing && (
        <TaxRateEditor
          rate={editing.rate}
          takenIds={new Set(settings.rates.map((rate) => rate.id))}
          stored={isRecord(raw)}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/**
 * The desk's taxes (docs/taxes.md#on-the-desk): the shop's tax settings and its named rates, live, each saved
 * straight to taxSettings (staff may write it; the rules hold its shape). Loaded with its tab.
 */
export default function TaxesDeskPanel() {
  const { t } = useLingui();
  return (
    <Section title={t`Taxes`}>
      <LiveContent path={paths.taxSettings} loading={t`Loading the tax settings…`}>
        {(raw) => (
          <LiveContent path={paths.products} loading={t`Loading products…`}>
            {(rawProducts) => <TaxesView raw={raw} rawProducts={rawProducts} />}
          </LiveContent>
        )}
      </LiveContent>
    </Section>
  );
}
