import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { FormSelectField } from '../../../lib/FormSelectField';
import { FormTextField } from '../../../lib/FormTextField';
import type { FormState } from '../../../lib/useForm';
import { enteredTime } from '../../dashboardKit';
import { VOUCHER_COMMENT_MAX, VOUCHER_TAG_MAX, VOUCHER_USES_MAX, type VoucherScope } from '../model';
import { voucherAppliesTo, voucherDoes } from './deskWords';
import { VoucherHoldFields } from './VoucherHoldFields';
import { isLocked, type VoucherFields, type VoucherFormContext } from './voucherForm';

/** The prefix of the form's input ids: useForm focuses `voucher-{field}` when it is wrong. */
export const VOUCHER_ID_PREFIX = 'voucher';

type VoucherForm = FormState<VoucherFields>;

/** What a voucher does and applies to, as fields; once used, or made to hold places, said and kept as it is. */
function WhatItDoes({ form, context }: { form: VoucherForm; context: VoucherFormContext }) {
  const { t, i18n } = useLingui();
  const { editing, targets } = context;
  if (editing && isLocked(editing)) {
    const does = voucherDoes(editing, i18n.locale);
    const what = voucherAppliesTo(editing, targets);
    return (
      <Alert severity="info">
        {editing.used > 0 ? (
          <Trans>
            It has been used, so what it does stays as it is: {does}, for {what}.
          </Trans>
        ) : (
          <Trans>
            It was made to hold places of its product, so what it does stays as it is: {does}, for {what}.
          </Trans>
        )}
      </Alert>
    );
  }
  const currency = editing?.currency ?? context.currency;
  const { kind, scope } = form.fields;
  const valueLabel =
    kind === 'percent'
      ? t`Percent off`
      : kind === 'amount'
        ? t`Amount off each (${currency})`
        : t`Price each (${currency})`;
  const chosen = scope === 'shop' ? [] : targets[scope];
  // A target that is gone stays shown, so that the error beside it makes sense.
  const id = form.fields.target;
  const missing = id !== '' && !chosen.some((option) => option.id === id);
  const targetLabel = scope === 'product' ? t`Product` : scope === 'event' ? t`Event` : t`Quota`;
  return (
    <>
      <FormSelectField
        form={form}
        idPrefix={VOUCHER_ID_PREFIX}
        required
        name="kind"
        label={t`What it does`}
        options={[
          { value: 'percent', label: t`A percentage off` },
          { value: 'amount', label: t`An amount off each` },
          { value: 'price', label: t`A price of its own for each` },
          { value: 'none', label: t`Nothing off: it only opens a product sold with a voucher alone` },
        ]}
        hint={
          kind === 'none' && !(form.fields.hold && scope === 'product')
            ? t`Choose “One product” below, and switch on that product’s “Sold only with a voucher” in its editor.`
            : undefined
        }
      />
      {kind !== 'none' && (
        <FormTextField
          form={form}
          idPrefix={VOUCHER_ID_PREFIX}
          name="value"
          label={valueLabel}
          required
          hint={
            kind === 'percent'
              ? t`From 1 to 100.`
              : kind === 'amount'
                ? t`Taken off the price of each one it applies to, never below nothing.`
                : t`What each one it applies to costs with it; never more than its own price.`
          }
          slotProps={{ htmlInput: { inputMode: kind === 'percent' ? 'numeric' : 'decimal' } }}
        />
      )}
      <FormSelectField
        form={form}
        idPrefix={VOUCHER_ID_PREFIX}
        required
        name="scope"
        label={t`What it applies to`}
        options={[
          { value: 'shop', label: t`The whole shop` },
          { value: 'product', label: t`One product` },
          { value: 'event', label: t`An event, every ticket of it` },
          { value: 'quota', label: t`A quota, everything drawing on it` },
        ]}
        onChange={(value) => form.change({ scope: value as VoucherScope, target: '' })}
        hint={t`Never a gift card: no voucher lowers its price.`}
      />
      {scope !== 'shop' && (
        <FormSelectField
          form={form}
          idPrefix={VOUCHER_ID_PREFIX}
          required
          name="target"
          label={targetLabel}
          options={[
            { value: '', label: t`Choose…` },
            ...chosen.map((option) => ({ value: option.id, label: option.name })),
            ...(missing ? [{ value: id, label: t`${id}, which is no longer there` }] : []),
          ]}
          hint={chosen.length === 0 ? t`There is none to choose yet.` : undefined}
        />
      )}
    </>
  );
}

/** The terms of a voucher, as fields: what it does and applies to, its uses, its window, its tag and comment. */
export function VoucherTermFields({ form, context }: { form: VoucherForm; context: VoucherFormContext }) {
  const { t, i18n } = useLingui();
  const { editing, zone } = context;
  const field = { form, idPrefix: VOUCHER_ID_PREFIX } as const;
  const entered = (value: string) => enteredTime(value, zone, i18n.locale);
  const opens = entered(form.fields.from);
  const closes = entered(form.fields.until);
  const inZone = (when: string) => t`${when} (${zone}).`;
  const used = editing?.used ?? 0;
  const most = VOUCHER_USES_MAX.toLocaleString(i18n.locale);
  return (
    <>
      <WhatItDoes form={form} context={context} />
      {!editing && form.fields.scope === 'product' && <VoucherHoldFields form={form} idPrefix={VOUCHER_ID_PREFIX} />}
      <FormTextField
        {...field}
        name="uses"
        label={editing ? t`Uses` : t`Uses per code`}
        required
        hint={
          editing
            ? plural(used, {
                one: 'How many orders may use it; used once so far.',
                other: 'How many orders may use it; used # times so far.',
              })
            : t`How many orders may use each code, up to ${most}.`
        }
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      {/* A date-time input is too wide for two side by side on a phone. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 2 }}>
        <FormTextField
          {...field}
          name="from"
          label={t`Valid from`}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
          hint={opens ? inZone(opens) : t`In ${zone}; empty: from now.`}
        />
        <FormTextField
          {...field}
          name="until"
          label={t`Valid until`}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
          hint={closes ? inZone(closes) : t`In ${zone}; empty: no end.`}
        />
      </Stack>
      <FormTextField
        {...field}
        name="tag"
        label={t`Tag`}
        hint={t`Optional: groups vouchers in the totals, such as a campaign’s name.`}
        slotProps={{ htmlInput: { maxLength: VOUCHER_TAG_MAX } }}
      />
      <FormTextField
        {...field}
        name="comment"
        label={t`Comment for staff`}
        hint={t`Optional: never shown to buyers.`}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: VOUCHER_COMMENT_MAX } }}
      />
    </>
  );
}
