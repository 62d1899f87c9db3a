import { i18n } from '@lingui/core';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Button from '@mui/material/Button';
import { memo, useState } from 'react';
import {
  ORDER_STATUSES,
  PAY_STATE_LABELS,
  referenceOrId,
  STATUS_LABELS,
  type DeskEntry,
  type OrderStatus,
} from '../../orders';
import { useShopFormat } from '../format';
import { useAtomValue } from 'jotai';
import { ConfirmDialog } from '../../../lib/mui/ConfirmDialog';
import { pendingStatusAtom, scheduleStatus, STATUS_UNDO_MS, undoStatus } from './pendingStatus';
import { OrderDetails } from './OrderDetails';
import { refundToPropose } from './deskData';
import { RefundDialog } from './RefundDialog';

export interface Row {
  key: string;
  entry: DeskEntry;
}

/** What a person reads out for an order: its reference, or its id for an order placed before references. */
function referenceOf(entry: DeskEntry): string {
  return referenceOrId(entry.ref, entry.order);
}

/** What a change of status does, said before it is confirmed. */
function consequences(entry: DeskEntry, status: OrderStatus): string {
  const tickets =
    status === 'cancelled'
      ? 'Its tickets become void and admit nobody. '
      : entry.status === 'cancelled'
        ? 'Its tickets become valid again. '
        : '';
  const mail = status === 'pending' ? '' : `${entry.name} is emailed the news at ${entry.email}. `;
  return `${tickets}${mail}You can undo it for ${STATUS_UNDO_MS / 1000} seconds before anything is saved or sent.`;
}

function StatusSelect({ row }: { row: Row }) {
  const reference = referenceOf(row.entry);
  const pending = useAtomValue(pendingStatusAtom).get(row.key);
  const [asked, setAsked] = useState<OrderStatus | null>(null);
  const [proposal, setProposal] = useState<Awaited<ReturnType<typeof refundToPropose>>>(null);
  const current = i18n._(STATUS_LABELS[row.entry.status]).toLowerCase();
  // A native select: light enough for a page of rows, and the phone's own picker. Its column (or card) says what it
  // is; its accessible name says which order. A change is confirmed first, then waits out its undo time
  // (pendingStatus.ts): a mis-tap must not cancel a customer and mail them.
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        value={pending?.status ?? row.entry.status}
        disabled={pending !== undefined}
        onChange={(event) => {
          const status = event.target.value as OrderStatus;
          if (status !== row.entry.status) setAsked(status);
        }}
        slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Status of order ${reference}` } }}
        sx={{ minWidth: 140 }}
      >
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {i18n._(STATUS_LABELS[status])}
          </option>
        ))}
      </TextField>
      <div role="status">
        {pending && (
          <Typography variant="body2" component="span" sx={{ display: 'block', maxWidth: 280 }}>
            {pending.saving
              ? 'Saving…'
              : `${i18n._(STATUS_LABELS[pending.status])} in a few seconds${pending.status === 'pending' ? '' : ', then the buyer is emailed'}. `}
            {!pending.saving && (
              <Button
                size="small"
                onClick={() => undoStatus(row.key)}
                aria-label={`Undo: keep order ${reference} ${current}`}
              >
                Undo
              </Button>
            )}
          </Typography>
        )}
      </div>
      {asked && (
        <ConfirmDialog
          open
          title={
            asked === 'cancelled'
              ? `Cancel order ${reference}?`
              : `Mark order ${reference} ${i18n._(STATUS_LABELS[asked]).toLowerCase()}?`
          }
          text={consequences(row.entry, asked)}
          keepLabel={`Keep it ${current}`}
          confirmLabel={asked === 'cancelled' ? 'Cancel order' : `Mark ${i18n._(STATUS_LABELS[asked]).toLowerCase()}`}
          onKeep={() => setAsked(null)}
          onConfirm={() => {
            setAsked(null);
            scheduleStatus(row.key, row.entry, asked, reference);
            // Cancelling a paid order proposes giving its money back; staff may decline.
            if (asked === 'cancelled') {
              refundToPropose(row.entry).then(setProposal, (error: unknown) =>
                console.error('The order could not be read for its refund:', error),
              );
            }
          }}
        />
      )}
      {proposal && (
        <RefundDialog
          order={proposal.order}
          payment={proposal.payment}
          intro={`Order ${reference} is being cancelled, and was paid. Refund the buyer? Cancelling does not refund by itself.`}
          onClose={() => setProposal(null)}
        />
      )}
    </Stack>
  );
}

/** The order's reference, opening the whole order. */
function Reference({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  const reference = referenceOf(row.entry);
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={`Open order ${reference}`}
        sx={{ fontFamily: 'monospace', textTransform: 'none', minWidth: 0, px: 0.5 }}
      >
        {reference}
      </Button>
      {open && (
        <OrderDetails
          row={row}
          reference={reference}
          actions={<StatusSelect row={row} />}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function Contact({ entry }: { entry: DeskEntry }) {
  return (
    <>
      <Link href={`mailto:${entry.email}`} sx={{ overflowWrap: 'anywhere' }}>
        {entry.email}
      </Link>
      {entry.phone && (
        <>
          {' · '}
          <Link href={`tel:${entry.phone.replace(/[^+\d]/g, '')}`} sx={{ whiteSpace: 'nowrap' }}>
            {entry.phone}
          </Link>
        </>
      )}
    </>
  );
}

/**
 * A page of orders: a table on wide screens, one card per order on a phone. Drawn again only when the rows change
 * (not at each keystroke in the search field).
 */
export const OrderRows = memo(function OrderRows({ rows }: { rows: readonly Row[] }) {
  const format = useShopFormat();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  if (!wide) {
    return (
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Orders">
        {rows.map((row) => (
          <Paper
            component="li"
            key={row.key}
            variant="outlined"
            sx={{ p: 1.5 }}
            aria-label={`Order ${referenceOf(row.entry)}`}
          >
            <Stack spacing={0.5}>
              {/* Wraps, so a change waiting out its undo time goes under the name rather than squeezing it. */}
              <Stack
                direction="row"
                sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              >
                <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {row.entry.name}
                </Typography>
                <StatusSelect row={row} />
              </Stack>
              <Typography variant="body2">
                <Contact entry={row.entry} />
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {row.entry.summary}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                <Reference row={row} /> · {format.date(row.entry.created)} · {format.money(row.entry.total)}
                {row.entry.pay && ` · ${i18n._(PAY_STATE_LABELS[row.entry.pay])}`}
              </Typography>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Orders">
        <TableHead>
          <TableRow>
            <TableCell>Reference</TableCell>
            <TableCell>Placed</TableCell>
            <TableCell>Buyer</TableCell>
            <TableCell>Items</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Payment</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Reference row={row} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(row.entry.created)}</TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {row.entry.name}
                </Typography>
                <Typography variant="body2">
                  <Contact entry={row.entry} />
                </Typography>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.entry.summary}</TableCell>
              <TableCell align="right">{format.money(row.entry.total)}</TableCell>
              {/* Nothing for an order from before payments. */}
              <TableCell>{row.entry.pay && i18n._(PAY_STATE_LABELS[row.entry.pay])}</TableCell>
              <TableCell>
                <StatusSelect row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});
