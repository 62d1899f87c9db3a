import { Trans, useLingui } from '@lingui/react/macro';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { tagTotals, type VoucherRow } from './voucherList';

/** The vouchers shown, summed per tag: how many, how often used, what their orders came to and were given off. */
export function TagTotals({ rows }: { rows: readonly VoucherRow[] }) {
  const { t, i18n } = useLingui();
  const totals = tagTotals(rows);
  const name = t`Totals by tag`;
  return (
    // Scrolls sideways on a phone, and takes the focus so that it can be scrolled with the keyboard.
    <TableContainer tabIndex={0} role="region" aria-label={name}>
      <Table size="small" aria-label={name}>
        <TableHead>
          <TableRow>
            <TableCell>
              <Trans>Tag</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Vouchers</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Times used</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Revenue</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Discount given</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {totals.map((total) => {
            const money = (minor: number) =>
              formatMoney(fromMinorUnits(minor, total.currency), total.currency, i18n.locale);
            return (
              <TableRow key={`${total.tag ?? ''}|${total.currency}`}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {total.tag ?? t`No tag`}
                </TableCell>
                <TableCell align="right">{total.vouchers}</TableCell>
                <TableCell align="right">{total.used}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(total.revenue)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(total.discount)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
