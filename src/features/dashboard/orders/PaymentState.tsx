import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { database } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import type { DeskEntry } from '../../orders';
import { owedBack, parseOrderPayment, PAY_STATE_LABELS, type OrderPayment } from '../../payments/model';

/** The order's payment summary, followed live (a refund or a late payment changes it); null for none. */
function useLivePay(entry: DeskEntry): OrderPayment | null {
  const [pay, setPay] = useState<OrderPayment | null>(null);
  const { uid, order } = entry;
  useEffect(() => {
    let stop = () => {};
    let stopped = false;
    database().then(
      (db) => {
        if (stopped) return;
        stop = db.subscribe(
          `${paths.order(uid, order)}/pay`,
          (raw) => setPay(parseOrderPayment(raw)),
          (error) => console.error('An order’s payment could not be followed:', error),
        );
      },
      (error: unknown) => console.error('The database could not be reached:', error),
    );
    return () => {
      stopped = true;
      stop();
    };
  }, [uid, order]);
  return pay;
}

/**
 * The desk row's payment: its state, and what is owed back to the buyer when money buys nothing (over what was due,
 * for a cancelled order, or too late), so that staff see at a glance which orders to refund
 * (docs/payments.md#the-order-lifecycle). Nothing for an order from before payments.
 */
export function PaymentState({ entry }: { entry: DeskEntry }) {
  const { i18n, t } = useLingui();
  const pay = useLivePay(entry);
  if (!entry.pay) return null;
  const back = pay ? owedBack(pay, entry.status === 'cancelled') : 0;
  const money = pay ? formatMoney(fromMinorUnits(back, pay.currency), pay.currency, i18n.locale) : '';
  return (
    <>
      {i18n._(PAY_STATE_LABELS[entry.pay])}
      {back > 0 && (
        <Box component="span" sx={{ display: 'block', color: 'warning.main', fontWeight: 600 }}>
          {t`${money} to refund`}
        </Box>
      )}
    </>
  );
}
