import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { payByCard, type CardStart } from './cardPayment';

/** Why the buyer was not sent to pay, in the language spoken now. */
const messages = (): Record<Exclude<CardStart['kind'], 'failed'>, string> => ({
  paid: t`This order is paid already: reload the page to see its tickets.`,
  closed: t`The time to pay this order by card has run out.`,
  cancelled: t`This order was cancelled: it can no longer be paid.`,
  'not-card': t`This order is not paid by card.`,
  processing: t`Your payment is on its way: a payment from a bank account takes a few days to arrive. We email you once it has; you need not pay again.`,
});

/**
 * "Pay £X by card" for an order awaiting a card payment: sends the buyer to the provider's page
 * (docs/payments.md#card-payments). `amount` is what is due, formatted; `secret` is the order page's.
 */
export function PayByCard({ secret, amount }: { secret: string; amount: string }) {
  const { t } = useLingui();
  const [going, setGoing] = useState(false);
  const [outcome, setOutcome] = useState<CardStart | null>(null);
  // A page the browser kept and shows again on Back from the provider's page is pressed no more.
  useEffect(() => {
    const shownAgain = (event: PageTransitionEvent) => event.persisted && setGoing(false);
    window.addEventListener('pageshow', shownAgain);
    return () => window.removeEventListener('pageshow', shownAgain);
  }, []);
  return (
    <Stack spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        disabled={going}
        onClick={() => {
          setGoing(true);
          setOutcome(null);
          void payByCard(secret).then((result) => {
            // Null: the browser is on its way to the provider's page; the button stays pressed until it leaves.
            if (result) {
              setOutcome(result);
              setGoing(false);
            }
          });
        }}
      >
        {going ? t`Opening the payment page…` : t`Pay ${amount} by card`}
      </Button>
      {outcome && (
        <Alert
          severity={outcome.kind === 'paid' ? 'success' : outcome.kind === 'processing' ? 'info' : 'warning'}
          role="alert"
        >
          {outcome.kind === 'failed' ? outcome.message : messages()[outcome.kind]}
        </Alert>
      )}
    </Stack>
  );
}
