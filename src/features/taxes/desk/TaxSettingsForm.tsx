import { Trans, useLingui } from '@lingui/react/macro';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { updateValues } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { FormSelectField } from '../../../lib/FormSelectField';
import { useForm } from '../../../lib/useForm';
import { LiveSettingsForm, saveOnline } from '../../dashboardKit';
import type { TaxSettings } from '../model';
import { countryOptions } from './countries';
import { rateLabel } from './rateWords';
import { taxSettingsFields, taxSettingsWrites, validateTaxSettings } from './taxForm';

const ID = 'tax-settings';

/**
 * Whether the shop charges tax, how its prices are meant, its country, its default rate and whether businesses in
 * other EU countries buy under reverse charge; saved together.
 */
export function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const { t, i18n } = useLingui();
  const form = useForm({
    initial: taxSettingsFields(settings),
    validate: (fields) => validateTaxSettings(fields, settings.rates),
    idPrefix: ID,
    submit: (fields) =>
      saveOnline(
        () => updateValues(paths.taxSettings, taxSettingsWrites(fields)),
        fields.on
          ? t`Orders placed from now on are taxed this way; those placed before keep their tax.`
          : t`Orders placed from now on are charged no tax; those placed before keep their tax.`,
      ),
  });
  const { fields } = form;
  return (
    <LiveSettingsForm form={form} live={taxSettingsFields(settings)} label={t`Tax`} save={t`Save tax settings`}>
      <FormControlLabel
        control={
          <Switch id={`${ID}-on`} checked={fields.on} onChange={(event) => form.update('on', event.target.checked)} />
        }
        label={t`Charge tax on what the shop sells`}
      />
      <Stack component="fieldset" spacing={0.5} sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 600 }}>
          <Trans>Prices as you enter them</Trans>
        </Typography>
        <RadioGroup
          sx={{ gap: 1 }}
          value={fields.pricesIncludeTax ? 'gross' : 'net'}
          onChange={(event) => form.update('pricesIncludeTax', event.target.value === 'gross')}
        >
          <FormControlLabel
            value="gross"
            control={<Radio />}
            label={t`Include tax: the price shown is what buyers pay (usual when selling to the public)`}
          />
          <FormControlLabel
            value="net"
            control={<Radio />}
            label={t`Exclude tax: tax is added to the price at checkout (usual when selling to businesses)`}
          />
        </RadioGroup>
      </Stack>
      <FormSelectField
        form={form}
        idPrefix={ID}
        name="country"
        label={t`The shop’s country`}
        hint={t`Where the shop is registered for tax; invoices name it.`}
        options={[{ value: '', label: t`Not chosen` }, ...countryOptions(i18n.locale)]}
      />
      <FormSelectField
        form={form}
        idPrefix={ID}
        name="defaultRate"
        label={t`Default rate`}
        required={fields.on}
        hint={t`For every product and ticket type that names no rate of its own.`}
        options={[
          { value: '', label: t`Choose…` },
          ...settings.rates.map((rate) => ({ value: rate.id, label: rateLabel(rate) })),
        ]}
      />
      <div>
        <FormControlLabel
          control={
            <Switch
              id={`${ID}-reverse-charge`}
              checked={fields.reverseCharge}
              onChange={(event) => form.update('reverseCharge', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': `${ID}-reverse-charge-hint` } }}
            />
          }
          label={t`Reverse charge for businesses in other EU countries`}
        />
        <FormHelperText id={`${ID}-reverse-charge-hint`}>
          <Trans>
            A business that gives its VAT number, in an EU country other than the shop’s, is charged no VAT on what is
            not a ticket, and accounts for it itself; the invoice says so. Tickets are always taxed where the event
            takes place. Prices that include tax stay as they are.
          </Trans>
        </FormHelperText>
      </div>
    </LiveSettingsForm>
  );
}
