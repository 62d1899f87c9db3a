import { t } from '@lingui/core/macro';
import { optionalText, validateFields, type FieldErrors } from '../../../lib/forms';
import { PAYMENT_TERMS, type PaymentSettings } from '../model';

/** The Payments editor's fields: each method's switch, and its terms as typed. */
export interface PaymentsFields {
  door: boolean;
  transfer: boolean;
  days: string;
  payee: string;
  account: string;
  bank: string;
  card: boolean;
  minutes: string;
  autoRefund: boolean;
}

export function paymentsFields(settings: PaymentSettings): PaymentsFields {
  const { door, transfer, card } = settings;
  return {
    door: door.on,
    transfer: transfer.on,
    days: String(transfer.days),
    payee: transfer.payee,
    account: transfer.account,
    bank: transfer.bank,
    card: card.on,
    minutes: String(card.minutes),
    autoRefund: card.autoRefund,
  };
}

/** A whole number within bounds; `outside` says otherwise, as a sentence of the field's own. */
const wholeWithin =
  ({ min, max }: { min: number; max: number }, outside: (min: number, max: number) => string) =>
  (value: string) =>
    /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max ? undefined : outside(min, max);

const details = optionalText(PAYMENT_TERMS.detailsLength);

/** The same bounds as the paymentSettings rules (PAYMENT_TERMS); a transfer to nowhere cannot be offered. */
export function validatePayments(fields: PaymentsFields): FieldErrors<PaymentsFields> {
  return validateFields(fields, {
    days: wholeWithin(
      PAYMENT_TERMS.transferDays,
      (min, max) => t`Please enter a whole number of days from ${min} to ${max}.`,
    ),
    payee: details,
    account: (value, all) =>
      all.transfer && value.trim() === ''
        ? t`Bank transfer needs an account to pay to: enter the IBAN, or the sort code and account number.`
        : details(value),
    bank: details,
    minutes: wholeWithin(
      PAYMENT_TERMS.cardMinutes,
      (min, max) => t`Please enter a whole number of minutes from ${min} to ${max}.`,
    ),
  });
}

/** The whole node as the rules want it: every method with every term, even those switched off. */
export function paymentSettingsRecord(fields: PaymentsFields): PaymentSettings {
  return {
    door: { on: fields.door },
    transfer: {
      on: fields.transfer,
      days: Number(fields.days),
      payee: fields.payee.trim(),
      account: fields.account.trim(),
      bank: fields.bank.trim(),
    },
    card: { on: fields.card, minutes: Number(fields.minutes), autoRefund: fields.autoRefund },
  };
}
