import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { FormTextField } from '../../../lib/FormTextField';
import { useForm, type FormState } from '../../../lib/useForm';
import { EditorDialog, saveOnline, SaveRefused } from '../../dashboardKit';
import { VOUCHER_BULK_MAX, VOUCHER_PREFIX_MAX, type Voucher } from '../model';
import { holdAnswerWords } from './deskWords';
import { askToHoldPlaces, createVouchers, saveVoucherTerms } from './voucherData';
import {
  chosenCode,
  codesToCreate,
  holdsPlaces,
  NEW_VOUCHER,
  placesToHold,
  validateVoucher,
  voucherFields,
  voucherTerms,
  type VoucherFields,
  type VoucherFormContext,
} from './voucherForm';
import { VOUCHER_ID_PREFIX, VoucherTermFields } from './VoucherTermFields';

/** A voucher's dialog: a form with its title, why the last save failed, the fields, and cancel or save. */
function VoucherDialog({
  title,
  save,
  form,
  onClose,
  children,
}: {
  title: string;
  save: string;
  form: FormState<VoucherFields>;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <EditorDialog
      id={id}
      title={title}
      save={save}
      busy={form.busy}
      problem={form.problem}
      onSubmit={(event) => void form.onSubmit(event)}
      onClose={onClose}
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      {children}
    </EditorDialog>
  );
}

/**
 * New vouchers (docs/vouchers.md): one code, chosen or generated, or several generated with a prefix, all alike, in
 * the shop's currency; written in one update, and closed once they are. One code of one product may hold places
 * apart from public sale: trusted code makes it (docs/vouchers.md#staff-holding-places), and the dialog waits for its
 * answer, saying why when it made nothing.
 */
export function CreateVoucherDialog({ context, onClose }: { context: VoucherFormContext; onClose: () => void }) {
  const { t, i18n } = useLingui();
  /** The voucher that holds places, asked of trusted code; what the toast says, or why the dialog stays open. */
  const holdPlaces = async (fields: VoucherFields): Promise<string | null> => {
    let said = '';
    const problem = await saveOnline(
      async () => {
        const [code = ''] = codesToCreate(fields, context.known);
        const answer = holdAnswerWords(
          await askToHoldPlaces(code, voucherTerms(fields, context), placesToHold(fields)!),
          code,
        );
        if ('refused' in answer) throw new SaveRefused(answer.refused);
        said = answer.made;
      },
      () => said,
    );
    if (!problem) onClose();
    return problem;
  };
  const form = useForm({
    initial: NEW_VOUCHER,
    validate: (fields) => validateVoucher(fields, context, Date.now()),
    idPrefix: VOUCHER_ID_PREFIX,
    submit: async (fields) => {
      if (holdsPlaces(fields, context)) return holdPlaces(fields);
      let codes: string[] = [];
      const problem = await saveOnline(
        () => {
          codes = codesToCreate(fields, context.known);
          return createVouchers(codes, voucherTerms(fields, context), chosenCode(fields) !== null);
        },
        () => {
          const [code = ''] = codes;
          const count = codes.length;
          return count === 1 ? t`Voucher ${code} is created.` : t`${count} vouchers are created.`;
        },
      );
      if (!problem) onClose();
      return problem;
    },
  });
  const field = { form, idPrefix: VOUCHER_ID_PREFIX } as const;
  const most = VOUCHER_BULK_MAX.toLocaleString(i18n.locale);
  const longest = VOUCHER_PREFIX_MAX;
  const generated = form.fields.code.trim() === '';
  return (
    <VoucherDialog title={t`Create voucher`} save={t`Create`} form={form} onClose={onClose}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 2 }}>
        <FormTextField
          {...field}
          name="code"
          label={t`Code`}
          hint={t`Empty: generated. Letters, digits and hyphens; capitals or not, it is the same code.`}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 32, spellCheck: false } }}
        />
        <FormTextField
          {...field}
          name="count"
          label={t`How many codes`}
          required
          hint={t`Up to ${most}; several are always generated.`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      {generated && (
        <FormTextField
          {...field}
          name="prefix"
          label={t`Prefix of the generated codes`}
          hint={t`Optional, up to ${longest} letters and digits: SUMMER makes codes such as SUMMER-7KQ2M9XA.`}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: VOUCHER_PREFIX_MAX, spellCheck: false } }}
        />
      )}
      <VoucherTermFields form={form} context={context} />
    </VoucherDialog>
  );
}

/**
 * An existing voucher's terms: its uses (never below those used), window, tag, comment and whether it is disabled;
 * what it does and applies to only while unused. `context.editing` is the voucher as it is now (live).
 */
export function EditVoucherDialog({
  voucher,
  context,
  onClose,
}: {
  voucher: Voucher;
  context: VoucherFormContext;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { code } = voucher;
  const held = voucher.held ?? 0;
  const form = useForm({
    initial: () => voucherFields(voucher, context.zone, i18n.locale),
    validate: (fields) => validateVoucher(fields, context, Date.now()),
    idPrefix: VOUCHER_ID_PREFIX,
    submit: async (fields) => {
      const problem = await saveOnline(
        () => saveVoucherTerms(voucher, voucherTerms(fields, context)),
        t`Voucher ${code} is saved.`,
      );
      if (!problem) onClose();
      return problem;
    },
  });
  return (
    <VoucherDialog title={t`Edit the voucher ${code}`} save={t`Save voucher`} form={form} onClose={onClose}>
      <VoucherTermFields form={form} context={context} />
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={form.fields.disabled}
              onChange={(event) => form.update('disabled', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': `${VOUCHER_ID_PREFIX}-disabled-hint` } }}
            />
          }
          label={t`Disabled`}
        />
        <Typography id={`${VOUCHER_ID_PREFIX}-disabled-hint`} variant="body2" color="textSecondary">
          <Trans>No order can use it while it is disabled. A voucher is never deleted: disable it instead.</Trans>
          {held > 0 && (
            <>
              {' '}
              {plural(held, {
                one: 'Disabling it, or its end, gives the place it holds back to public sale within a minute.',
                other: 'Disabling it, or its end, gives the # places it holds back to public sale within a minute.',
              })}
            </>
          )}
        </Typography>
      </div>
    </VoucherDialog>
  );
}
