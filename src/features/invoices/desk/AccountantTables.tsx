import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import type { MoneyWay, WayTotal } from '../../payments/model';
import { rateLabel } from '../../taxes';
import { totalsPerCurrency, type RateTotal } from '../model';

/** A table that scrolls sideways on a phone, and takes the focus so that it can be scrolled with the keyboard. */
function Figures({ name, head, children }: { name: string; head: ReactNode; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={name}>
      <Table size="small" aria-label={name}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

const Amount = ({ children }: { children: ReactNode }) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </TableCell>
);

function useMoney() {
  const { i18n } = useLingui();
  return (minor: number, currency: string) => formatMoney(fromMinorUnits(minor, currency), currency, i18n.locale);
}

/** The period's tax per rate (docs/invoices.md#for-the-accountant): what it comes to, credit notes taken off. */
export function TaxPerRateTable({ rates }: { rates: readonly RateTotal[] }) {
  const { t } = useLingui();
  const money = useMoney();
  return (
    <Figures
      name={t`Tax per rate`}
      head={
        <>
          <TableCell>
            <Trans>Rate</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>Net</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>Tax</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>Gross</Trans>
          </TableCell>
        </>
      }
    >
      {rates.map((rate) => (
        <TableRow key={`${rate.currency}|${rate.rate ?? ''}|${rate.basisPoints}|${rate.kind}`}>
          <TableCell component="th" scope="row">
            {rate.rate === null || rate.kind === 'outside' ? t`Without tax (no rate)` : rateLabel(rate)}
          </TableCell>
          <Amount>{money(rate.total.net, rate.currency)}</Amount>
          <Amount>{money(rate.total.tax, rate.currency)}</Amount>
          <Amount>{money(rate.total.gross, rate.currency)}</Amount>
        </TableRow>
      ))}
      {totalsPerCurrency(rates).map(({ currency, total }) => (
        <TableRow key={currency}>
          <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
            <Trans>Total ({currency})</Trans>
          </TableCell>
          <Amount>{money(total.net, currency)}</Amount>
          <Amount>{money(total.tax, currency)}</Amount>
          <Amount>{money(total.gross, currency)}</Amount>
        </TableRow>
      ))}
    </Figures>
  );
}

/** How each way of paying or giving back is called in the accountant's tables. */
const WAY_NAMES: Record<MoneyWay, MessageDescriptor> = {
  door: msg`At the door`,
  transfer: msg`Bank transfer`,
  card: msg`Card`,
  giftcard: msg`Gift card`,
  'by-hand': msg`Refunded by hand`,
  'new-giftcard': msg`Refunded to a new gift card`,
};

/** The money received and given back in the period, by way (docs/invoices.md#for-the-accountant). */
export function MoneyByWayTable({ ways }: { ways: readonly WayTotal[] }) {
  const { t } = useLingui();
  const money = useMoney();
  return (
    <Figures
      name={t`Payments and refunds by method`}
      head={
        <>
          <TableCell>
            <Trans>Method</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>Received</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>Given back</Trans>
          </TableCell>
        </>
      }
    >
      {ways.map((way) => (
        <TableRow key={`${way.currency}|${way.way}`}>
          <TableCell component="th" scope="row">
            {t(WAY_NAMES[way.way])}
          </TableCell>
          <Amount>{way.received.count > 0 ? money(way.received.amount, way.currency) : '–'}</Amount>
          <Amount>{way.givenBack.count > 0 ? money(way.givenBack.amount, way.currency) : '–'}</Amount>
        </TableRow>
      ))}
    </Figures>
  );
}
