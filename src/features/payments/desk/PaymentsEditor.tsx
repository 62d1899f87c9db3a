import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { setValue } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { FormTextField } from '../../../lib/FormTextField';
import { useForm, type FormState } from '../../../lib/useForm';
import { paymentSettingsAtom } from '../paymentSettingsState';
import { PAYMENT_TERMS, type PaymentSettings } from '../model';
import { LiveFormActions, saveOnline, Section } from '../../dashboardKit';
import { HoldsJobStatus } from './HoldsJobStatus';
import { paymentSettingsRecord, paymentsFields, validatePayments, type PaymentsFields } from './paymentsForm';

const ID = 'payments';
const { min: fewestDays, max: mostDays } = PAYMENT_TERMS.transferDays;
const { min: fewestMinutes, max: mostMinutes } = PAYMENT_TERMS.cardMinutes;

/** One way of paying: its switch, what it means for the buyer, and its terms below. */
function Method({
  form,
  name,
  label,
  offer,
  children,
}: {
  form: FormState<PaymentsFields>;
  name: 'door' | 'transfer' | 'card';
  label: string;
  /** The switch's label: "Offer card". */
  offer: string;
  children?: ReactNode;
}) {
  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
        {label}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            id={`${ID}-${name}`}
            checked={form.fields[name]}
            onChange={(event) => form.update(name, event.target.checked)}
          />
        }
        label={offer}
      />
      {children}
    </Stack>
  );
}

function PaymentsForm({ settings }: { settings: PaymentSettings }) {
  const { t } = useLingui();
  const form = useForm({
    initial: paymentsFields(settings),
    validate: validatePayments,
    idPrefix: ID,
    submit: (fields) =>
      saveOnline(
        () => setValue(paths.paymentSettings, paymentSettingsRecord(fields)),
        t`Checkout offers these ways to pay from now on.`,
      ),
  });
  const { fields } = form;
  const changedElsewhere = JSON.stringify(paymentsFields(settings)) !== JSON.stringify(fields) && !form.busy;
  const number = { htmlInput: { inputMode: 'numeric' as const } };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => void form.onSubmit(event)}
      aria-label={t`Payments`}
    >
      <Typography color="textSecondary">
        <Trans>
          Choose how buyers may pay. An unpaid order keeps its items for the time below (never past the event’s start;
          at the door, until a day after it); then it lapses and they go back on sale. Bank-transfer buyers are reminded
          a day before. If every method is off, pay at the door stays offered, so the shop never stops taking orders.
        </Trans>
      </Typography>
      {form.problem && (
        <Alert severity="error" role="alert">
          {form.problem}
        </Alert>
      )}
      <Method form={form} name="door" label={t`At the door`} offer={t`Offer at the door`}>
        <Typography variant="body2" color="textSecondary">
          <Trans>
            Buyers pay when they arrive, or when they collect; the order is held until a day after the event starts.
          </Trans>
        </Typography>
      </Method>
      <Method form={form} name="transfer" label={t`Bank transfer`} offer={t`Offer bank transfer`}>
        <Typography variant="body2" color="textSecondary">
          <Trans>
            Buyers are shown these details and their order’s reference to quote. Offered only with an account.
          </Trans>
        </Typography>
        <FormTextField
          form={form}
          name="days"
          idPrefix={ID}
          label={t`Days to pay`}
          required
          hint={t`${fewestDays} to ${mostDays} days.`}
          slotProps={number}
        />
        <FormTextField
          form={form}
          name="payee"
          idPrefix={ID}
          label={t`Payee`}
          hint={t`The account holder’s name, as the bank has it.`}
        />
        <FormTextField
          form={form}
          name="account"
          idPrefix={ID}
          label={t`Account`}
          required={fields.transfer}
          hint={t`The IBAN, or the sort code and account number, as the bank writes them.`}
        />
        <FormTextField form={form} name="bank" idPrefix={ID} label={t`Bank`} />
      </Method>
      <Method form={form} name="card" label={t`Card`} offer={t`Offer card`}>
        <Typography variant="body2" color="textSecondary">
          <Trans>Buyers pay on the card provider’s page straight after ordering.</Trans>
        </Typography>
        <FormTextField
          form={form}
          name="minutes"
          idPrefix={ID}
          label={t`Minutes to pay`}
          required
          hint={t`${fewestMinutes} to ${mostMinutes} minutes (a day).`}
          slotProps={number}
        />
        <FormControlLabel
          control={
            <Switch
              id={`${ID}-autoRefund`}
              slotProps={{ input: { 'aria-describedby': `${ID}-autoRefund-hint` } }}
              checked={fields.autoRefund}
              onChange={(event) => form.update('autoRefund', event.target.checked)}
            />
          }
          label={t`Refund card money that buys nothing, at once`}
        />
        <Typography variant="body2" color="textSecondary" id={`${ID}-autoRefund-hint`}>
          <Trans>
            A card payment that arrives for a cancelled order, for an order that lapsed and whose places were sold
            meanwhile, or for an order already paid, goes back to the buyer’s card by itself. Off: it waits on the order
            as “to refund” for you to decide.
          </Trans>
        </Typography>
      </Method>
      {!fields.door && !fields.transfer && !fields.card && (
        <Alert severity="info">
          <Trans>Every method is off: checkout will offer pay at the door.</Trans>
        </Alert>
      )}
      <LiveFormActions
        busy={form.busy}
        save={t`Save payments`}
        differs={changedElsewhere ? t`The live settings differ from this form.` : null}
        onDiscard={() => form.setFields(paymentsFields(settings))}
      />
    </Stack>
  );
}

/** The organiser's payment settings (docs/payments.md#payment-settings); saved whole, live for every buyer at once. */
export function PaymentsEditor() {
  const { t } = useLingui();
  const { settings, known } = useAtomValue(paymentSettingsAtom);
  return (
    <Section title={t`Payments`}>
      {known ? (
        <PaymentsForm settings={settings} />
      ) : (
        <Typography role="status">
          <Trans>Loading the payment settings…</Trans>
        </Typography>
      )}
      <HoldsJobStatus />
    </Section>
  );
}
