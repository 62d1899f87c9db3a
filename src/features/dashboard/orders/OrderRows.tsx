import { plural, select, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { memo, useEffect, useState } from 'react';
import { ORDER_STATUSES, referenceOrId, STATUS_LABELS, type DeskEntry, type OrderStatus } from '../../orders';
import { useShopFormat } from '../../dashboardKit';
import { useAtomValue } from 'jotai';
import { ConfirmDialog } from '../../../lib/mui/ConfirmDialog';
import {
  dropRefundProposal,
  pendingStatusAtom,
  refundProposalsAtom,
  scheduleStatus,
  undoStatus,
} from './pendingStatus';
import { STATUS_UNDO_MS } from './statusUndo';
import { OrderDetails } from './OrderDetails';
import { PaymentState } from './PaymentState';
import { refundToPropose } from './orderData';
import { RefundDialog } from '../../payments';

export interface Row {
  key: string;
  entry: DeskEntry;
}

/** What a person reads out for an order: its reference, or its id for an order placed before references. */
function referenceOf(entry: DeskEntry): string {
  return referenceOrId(entry.ref, entry.order);
}

/** What a change of status does, said before it is confirmed: a sentence for each thing that follows from it. */
function consequences(entry: DeskEntry, status: OrderStatus): string {
  const { name, email } = entry;
  const seconds = STATUS_UNDO_MS / 1000;
  return [
    status === 'cancelled'
      ? t`Its tickets become void and admit nobody, and its places go back on sale. A cancelled order stays cancelled.`
      : '',
    status === 'pending' ? '' : t`${name} is emailed the news at ${email}.`,
    plural(seconds, {
      one: 'You can undo it for # second before anything is saved or sent.',
      other: 'You can undo it for # seconds before anything is saved or sent.',
    }),
  ]
    .filter(Boolean)
    .join(' ');
}

/** The status an order is about to get, said while its change waits out its undo time. */
function comingStatus(status: OrderStatus): string {
  return select(status, {
    pending: 'Pending in a few seconds.',
    confirmed: 'Confirmed in a few seconds, then the buyer is emailed.',
    fulfilled: 'Fulfilled in a few seconds, then the buyer is emailed.',
    other: 'Cancelled in a few seconds, then the buyer is emailed.',
  });
}

/** The question asked before an order's status changes (from `current` to `asked`), and its two answers. */
function statusWords(reference: string, current: OrderStatus, asked: OrderStatus) {
  return {
    title: select(asked, {
      pending: `Mark order ${reference} pending?`,
      confirmed: `Mark order ${reference} confirmed?`,
      fulfilled: `Mark order ${reference} fulfilled?`,
      other: `Cancel order ${reference}?`,
    }),
    confirm: select(asked, {
      pending: 'Mark pending',
      confirmed: 'Mark confirmed',
      fulfilled: 'Mark fulfilled',
      other: 'Cancel order',
    }),
    // Never from cancelled: a cancelled order stays cancelled.
    keep: select(current, {
      pending: 'Keep it pending',
      confirmed: 'Keep it confirmed',
      other: 'Keep it fulfilled',
    }),
  };
}

/** The Undo button's name: which order keeps which status. */
function undoLabel(reference: string, current: OrderStatus): string {
  return select(current, {
    pending: `Undo: keep order ${reference} pending`,
    confirmed: `Undo: keep order ${reference} confirmed`,
    other: `Undo: keep order ${reference} fulfilled`,
  });
}

/** Once the order is cancelled with money paid and not given back, proposes refunding it; staff may decline. */
function RefundProposal({ row, reference }: { row: Row; reference: string }) {
  const { t } = useLingui();
  const proposed = useAtomValue(refundProposalsAtom).has(row.key);
  const [proposal, setProposal] = useState<Awaited<ReturnType<typeof refundToPropose>>>(null);
  useEffect(() => {
    if (!proposed) return;
    let current = true;
    refundToPropose(row.entry).then(
      (found) => {
        if (!current) return;
        if (found) setProposal(found);
        else dropRefundProposal(row.key);
      },
      (error: unknown) => console.error('The order could not be read for its refund:', error),
    );
    return () => {
      current = false;
    };
  }, [proposed, row.key, row.entry]);
  if (!proposed || !proposal) return null;
  return (
    <RefundDialog
      order={proposal.order}
      payment={proposal.payment}
      intro={t`Order ${reference} is cancelled, and has money paid that it has not had back. Refund the buyer? Cancelling does not refund by itself.`}
      onClose={() => {
        setProposal(null);
        dropRefundProposal(row.key);
      }}
    />
  );
}

function StatusSelect({ row }: { row: Row }) {
  const { i18n, t } = useLingui();
  const reference = referenceOf(row.entry);
  const pending = useAtomValue(pendingStatusAtom).get(row.key);
  const [asked, setAsked] = useState<OrderStatus | null>(null);
  const current = row.entry.status;
  const words = asked && statusWords(reference, current, asked);
  // A native select: light enough for a page of rows, and the phone's own picker. Its column (or card) says what it
  // is; its accessible name says which order. A change is confirmed first, then waits out its undo time
  // (pendingStatus.ts): a mis-tap must not cancel a customer and mail them. A cancelled order stays cancelled: its
  // places went back on sale (docs/payments.md#the-order-lifecycle).
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        value={pending?.status ?? row.entry.status}
        disabled={pending !== undefined || current === 'cancelled'}
        onChange={(event) => {
          const status = event.target.value as OrderStatus;
          if (status !== row.entry.status) setAsked(status);
        }}
        slotProps={{ select: { native: true }, htmlInput: { 'aria-label': t`Status of order ${reference}` } }}
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
            {pending.saving ? <Trans>Saving…</Trans> : `${comingStatus(pending.status)} `}
            {!pending.saving && (
              <Button size="small" onClick={() => undoStatus(row.key)} aria-label={undoLabel(reference, current)}>
                <Trans>Undo</Trans>
              </Button>
            )}
          </Typography>
        )}
      </div>
      {asked && words && (
        <ConfirmDialog
          open
          title={words.title}
          text={consequences(row.entry, asked)}
          keepLabel={words.keep}
          confirmLabel={words.confirm}
          onKeep={() => setAsked(null)}
          onConfirm={() => {
            setAsked(null);
            scheduleStatus(row.key, row.entry, asked, reference);
          }}
        />
      )}
    </Stack>
  );
}

/** The order's reference, opening the whole order. */
function Reference({ row }: { row: Row }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const reference = referenceOf(row.entry);
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={t`Open order ${reference}`}
        sx={{ fontFamily: 'monospace', textTransform: 'none', minWidth: 0, px: 0.5 }}
      >
        {reference}
      </Button>
      {open && (
        <OrderDetails
          entry={row.entry}
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
  const { t } = useLingui();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  if (!wide) {
    return (
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t`Orders`}>
        {rows.map((row) => {
          const reference = referenceOf(row.entry);
          return (
            <Paper component="li" key={row.key} variant="outlined" sx={{ p: 1.5 }} aria-label={t`Order ${reference}`}>
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
                  <RefundProposal row={row} reference={reference} />
                </Stack>
                <Typography variant="body2">
                  <Contact entry={row.entry} />
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {row.entry.summary}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  <Reference row={row} /> · {format.date(row.entry.created)} · {format.money(row.entry.total)}
                  {row.entry.pay && ' · '}
                  <PaymentState entry={row.entry} />
                </Typography>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t`Orders`}>
        <TableHead>
          <TableRow>
            <TableCell>
              <Trans>Reference</Trans>
            </TableCell>
            <TableCell>
              <Trans>Placed</Trans>
            </TableCell>
            <TableCell>
              <Trans>Buyer</Trans>
            </TableCell>
            <TableCell>
              <Trans>Items</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Total</Trans>
            </TableCell>
            <TableCell>
              <Trans>Payment</Trans>
            </TableCell>
            <TableCell>
              <Trans>Status</Trans>
            </TableCell>
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
              <TableCell>
                <PaymentState entry={row.entry} />
              </TableCell>
              <TableCell>
                <StatusSelect row={row} />
                <RefundProposal row={row} reference={referenceOf(row.entry)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});
