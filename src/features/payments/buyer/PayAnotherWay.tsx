import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { offeredMethods, type OrderPayment, type PaymentMethod } from '../model';
import { changePaymentMethod } from './paymentMethodChange';
import { paymentSettingsAtom } from '../paymentSettingsState';

/** Each switch's button, in the language spoken now. */
const switchLabels = (): Record<PaymentMethod, string> => ({
  card: t`Pay by card instead`,
  transfer: t`Pay by bank transfer instead`,
  door: t`Pay at the door instead`,
});

/**
 * "Pay another way" on the order page of an order awaiting payment (docs/payments.md#paying-another-way): the other
 * methods the shop offers now, each one tap. Trusted code switches the order and emails the new instructions;
 * `onChanged` fetches the order again, so the summary above shows how to pay now.
 */
export function PayAnotherWay({
  payment,
  secret,
  onChanged,
}: {
  payment: OrderPayment;
  secret: string;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const { settings, known } = useAtomValue(paymentSettingsAtom);
  const [busy, setBusy] = useState<PaymentMethod | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'warning'; text: string } | null>(null);
  const others = known ? offeredMethods(settings).filter((method) => method !== payment.method) : [];
  if (others.length === 0 && !message) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1.5, alignItems: 'flex-start' }} data-testid="pay-another-way">
      {others.length > 0 && (
        <>
          <Typography variant="body2" color="textSecondary">
            <Trans>Or pay another way; we email you how.</Trans>
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {others.map((method) => (
              <Button
                key={method}
                variant="outlined"
                disabled={busy !== null}
                onClick={() => {
                  setBusy(method);
                  setMessage(null);
                  void changePaymentMethod(secret, method).then((result) => {
                    setBusy(null);
                    if (result.kind === 'changed') {
                      setMessage({
                        severity: 'success',
                        text: t`Changed. How to pay now is above, and on its way by email.`,
                      });
                      onChanged();
                    } else {
                      setMessage({ severity: 'warning', text: result.message });
                    }
                  });
                }}
              >
                {busy === method ? t`Changing…` : switchLabels()[method]}
              </Button>
            ))}
          </Stack>
        </>
      )}
      {message && (
        <Alert severity={message.severity} role={message.severity === 'success' ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
    </Stack>
  );
}
