import { Trans, useLingui } from '@lingui/react/macro';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormTextField } from '../../../lib/FormTextField';
import type { FormState } from '../../../lib/useForm';
import { VOUCHER_HOLD_MAX } from '../model';
import type { VoucherFields } from './voucherForm';

/**
 * Whether a new voucher of one product holds places apart from public sale, and how many
 * (docs/vouchers.md#staff-holding-places): trusted code takes them from the product's stock and quotas as it makes
 * the voucher, and gives what is left back once the voucher is disabled or ends.
 */
export function VoucherHoldFields({ form, idPrefix }: { form: FormState<VoucherFields>; idPrefix: string }) {
  const { t, i18n } = useLingui();
  const most = VOUCHER_HOLD_MAX.toLocaleString(i18n.locale);
  const hintId = `${idPrefix}-hold-hint`;
  return (
    <Stack spacing={1.5}>
      <div>
        <FormControlLabel
          control={
            <Checkbox
              id={`${idPrefix}-hold`}
              checked={form.fields.hold}
              onChange={(event) => form.update('hold', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': hintId } }}
            />
          }
          label={t`Hold places apart from public sale`}
        />
        <Typography id={hintId} variant="body2" color="textSecondary">
          <Trans>
            Taken from public sale as the voucher is made, for whoever has its code: the public see them sold. Disabling
            the voucher, or its end, gives what it still holds back to sale within a minute.
          </Trans>
        </Typography>
      </div>
      {form.fields.hold && (
        <FormTextField
          form={form}
          idPrefix={idPrefix}
          name="places"
          label={t`Places to hold`}
          required
          hint={t`From 1 to ${most}, of those the public could buy now: places people on the waiting list want stay theirs.`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
    </Stack>
  );
}
