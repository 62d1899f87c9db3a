import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { authAtom, siteAtom } from '../../../state/atoms';
import { dayStart, downloadCsv, inputZone, useLiveQueries, useOrderDetails, useShopFormat } from '../../dashboardKit';
import { moneyByWay, moneyMoved, moneyMovedCsv } from '../../payments/model';
import {
  dayIn,
  documentsCsv,
  exportFileName,
  invoicePaths,
  readIssuedDocuments,
  taxPerRate,
  taxPerRateCsv,
  type ExportRange,
} from '../model';
import { MoneyByWayTable, TaxPerRateTable } from './AccountantTables';
import { ExportRefused, saveAccountantZip } from './accountantZip';

/** The first and last day of the month `day` (yyyy-mm-dd) is in, `shift` months on. */
function monthOf(day: string, shift = 0): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + shift, 1));
  const last = new Date(Date.UTC(year, month + shift, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * What the desk gives the accountant for a period (docs/invoices.md#for-the-accountant): the invoices and credit notes
 * issued in it, the tax per rate they come to and the money received and given back by method, read live; each as a
 * CSV, and everything with the documents' PDFs as one ZIP that trusted code makes. Days are the shop's.
 */
export function AccountantExport() {
  const { t } = useLingui();
  const { timezone } = useAtomValue(siteAtom);
  const staff = useAtomValue(authAtom).id ?? '';
  const zone = inputZone(timezone);
  const { zoneNote } = useShopFormat();
  const [days, setDays] = useState(() => monthOf(dayIn(Date.now(), zone)));
  const from = dayStart(days.from, zone);
  const to = dayStart(days.to, zone, 1);
  const range: ExportRange | null = from !== null && to !== null && from < to ? { from, to } : null;
  const [zip, setZip] = useState<'idle' | 'working' | 'failed' | { most: number }>('idle');

  const live = useLiveQueries(
    range
      ? [
          {
            path: invoicePaths.documents,
            spec: { child: 'issued', start: { value: range.from }, end: { value: range.to - 1 } },
          },
          { path: 'payments', spec: {} },
          { path: 'refunds', spec: {} },
        ]
      : [],
  );
  const figures = useMemo(() => {
    if (live.status !== 'ready' || from === null || to === null) return null;
    const [documentRows = [], paymentRows = [], refundRows = []] = live.value;
    const issued = readIssuedDocuments(documentRows);
    const money = moneyMoved(Object.fromEntries(paymentRows), Object.fromEntries(refundRows), { from, to });
    return { ...issued, money, rates: taxPerRate(issued.documents), ways: moneyByWay(money.movements) };
  }, [live, from, to]);
  const orderKeys = useMemo(() => [...new Set(figures?.money.movements.map((entry) => entry.order) ?? [])], [figures]);
  const { details } = useOrderDetails(orderKeys);

  const saveZip = () => {
    if (!range) return;
    setZip('working');
    saveAccountantZip(range, zone, staff).then(
      () => setZip('idle'),
      (error: unknown) => {
        console.error('The accountant’s ZIP was not made:', error);
        setZip(error instanceof ExportRefused && error.reason === 'too-many' ? { most: error.most } : 'failed');
      },
    );
  };
  const invoices = figures?.documents.filter(([, document]) => document.kind === 'invoice').length ?? 0;
  const credits = (figures?.documents.length ?? 0) - invoices;
  const unreadableDocuments = figures?.unreadable.length ?? 0;
  const unreadableMoney = figures?.money.unreadable ?? 0;
  const most = typeof zip === 'object' ? zip.most : null;

  return (
    <Stack spacing={2} component="section" aria-labelledby="accountant-heading">
      <Typography id="accountant-heading" variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
        <Trans>For the accountant</Trans>
      </Typography>
      <Typography color="textSecondary">
        <Trans>
          Every invoice and credit note issued in a period, the tax per rate they come to, and the money received and
          given back by method. Days are the shop’s ({zoneNote}).
        </Trans>
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          type="date"
          label={t`Issued from`}
          value={days.from}
          onChange={(event) => setDays({ ...days, from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={t`Issued until`}
          value={days.to}
          onChange={(event) => setDays({ ...days, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button onClick={() => setDays(monthOf(dayIn(Date.now(), zone)))}>
          <Trans>This month</Trans>
        </Button>
        <Button onClick={() => setDays(monthOf(dayIn(Date.now(), zone), -1))}>
          <Trans>Last month</Trans>
        </Button>
      </Stack>
      {!range && (
        <Alert severity="warning">
          <Trans>Choose a first and a last day, the last not before the first.</Trans>
        </Alert>
      )}
      {range && live.status === 'loading' && (
        <Typography color="textSecondary">
          <Trans>Adding up the period…</Trans>
        </Typography>
      )}
      {live.status === 'error' && <Alert severity="error">{t(live.message)}</Alert>}
      {range && figures && (
        <Stack spacing={2}>
          <Typography data-testid="accountant-count">
            <Plural value={invoices} one="# invoice" other="# invoices" />,{' '}
            <Plural value={credits} one="# credit note" other="# credit notes" />
          </Typography>
          {unreadableDocuments + unreadableMoney > 0 && (
            <Alert severity="warning">
              <Trans>
                Some records could not be read and are left out of these figures: {unreadableDocuments} documents,{' '}
                {unreadableMoney} payments or refunds.
              </Trans>
            </Alert>
          )}
          {figures.rates.length > 0 && <TaxPerRateTable rates={figures.rates} />}
          {figures.ways.length > 0 && <MoneyByWayTable ways={figures.ways} />}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              onClick={() =>
                downloadCsv(exportFileName('documents', range, zone, 'csv'), documentsCsv(figures.documents, zone))
              }
            >
              <Trans>Documents (CSV)</Trans>
            </Button>
            <Button
              variant="outlined"
              onClick={() =>
                downloadCsv(exportFileName('tax-per-rate', range, zone, 'csv'), taxPerRateCsv(figures.rates))
              }
            >
              <Trans>Tax per rate (CSV)</Trans>
            </Button>
            <Button
              variant="outlined"
              onClick={() =>
                downloadCsv(
                  exportFileName('payments-and-refunds', range, zone, 'csv'),
                  moneyMovedCsv(
                    figures.money.movements,
                    (at) => dayIn(at, zone),
                    (key) => details.get(key)?.ref ?? key,
                  ),
                )
              }
            >
              <Trans>Payments and refunds (CSV)</Trans>
            </Button>
            <Button variant="contained" onClick={saveZip} disabled={zip === 'working'}>
              {zip === 'working' ? t`Making the ZIP…` : t`Everything with the PDFs (ZIP)`}
            </Button>
          </Stack>
          {zip === 'failed' && (
            <Alert severity="error">
              <Trans>The ZIP could not be made. Check the connection and try again.</Trans>
            </Alert>
          )}
          {most !== null && (
            <Alert severity="warning">
              <Trans>One ZIP holds at most {most} documents: choose a shorter period.</Trans>
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
