import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { printAlone } from '../../../lib/mui/printAlone';
import { METHOD_LABELS } from '../../payments/model';
import { fetchDocument } from '../documentDownload';
import { REVERSE_CHARGE } from '../../taxes/model';
import type { DocumentParty, DocumentRate, InvoiceDocument } from '../model/invoiceDocument';

/* eslint-disable lingui/no-unlocalized-strings -- print styles: CSS values, not words */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        ...printAlone('.document-print'),
        '.document-print .document-print-hide': { display: 'none !important' },
        '.document-print *': { color: '#000 !important', backgroundColor: 'transparent !important' },
      },
      '.document-print table': { borderCollapse: 'collapse', width: '100%' },
      '.document-print th, .document-print td': { padding: '4px 8px', borderBottom: '1px solid #999' },
      '.document-print td.amount, .document-print th.amount': { textAlign: 'right' },
      // Amounts stay whole; headings may wrap, so that the lines fit a phone's width.
      '.document-print td.amount': { whiteSpace: 'nowrap' },
    }}
  />
);
/* eslint-enable lingui/no-unlocalized-strings */

/** A party's lines as the document gives them: company, name, address, VAT and tax numbers. */
function Party({ party }: { party: DocumentParty }) {
  const { t } = useLingui();
  const vatId = party.vatId ?? '';
  const taxNumber = party.taxNumber ?? '';
  const lines = [
    party.company ?? '',
    party.name,
    party.address ?? '',
    party.email ?? '',
    vatId ? t`VAT number ${vatId}` : '',
    taxNumber ? t`Tax number ${taxNumber}` : '',
  ].filter(Boolean);
  return (
    <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Typography>
  );
}

/** The document itself, as its PDF says it, in the reader's language, its dates on the shop's clock. */
function DocumentSheet({
  number,
  document,
  timeZone,
}: {
  number: string;
  document: InvoiceDocument;
  timeZone: string | null;
}) {
  const { t, i18n } = useLingui();
  const money = (minor: number) =>
    formatMoney(fromMinorUnits(minor, document.currency), document.currency, i18n.locale);
  const days = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', ...(timeZone ? { timeZone } : {}) });
  const day = (at: number | string) => days.format(new Date(at));
  const issued = day(document.issued);
  const reference = document.order.ref;
  const corrected = document.corrects ?? '';
  const percent = (basisPoints: number) => `${basisPoints / 100} %`;
  // Reverse charge in the reader's language, not the name the order kept (docs/taxes.md#reverse-charge).
  const rateName = (rate: DocumentRate) => (rate.kind === REVERSE_CHARGE.kind ? t`Reverse charge` : rate.name);
  const reverseCharged = Object.values(document.rates).some((rate) => rate.kind === REVERSE_CHARGE.kind);
  const method = METHOD_LABELS[document.paidBy as keyof typeof METHOD_LABELS];
  const paidBy = method ? i18n._(method) : document.paidBy;
  return (
    <Stack spacing={2}>
      <Party party={document.seller} />
      <Typography variant="h1" sx={{ fontSize: '1.8rem' }}>
        {document.kind === 'invoice' ? t`Invoice ${number}` : t`Credit note ${number}`}
      </Typography>
      <Typography>
        <Trans>Date of issue: {issued}</Trans>
        {reference && (
          <>
            <br />
            <Trans>Order: {reference}</Trans>
          </>
        )}
        {document.corrects && (
          <>
            <br />
            <Trans>Corrects invoice {corrected}</Trans>
          </>
        )}
      </Typography>
      <Stack spacing={0.5}>
        <Typography sx={{ fontWeight: 600 }}>
          <Trans>Billed to</Trans>
        </Typography>
        <Party party={document.buyer} />
      </Stack>
      {/* Scrolls sideways on a narrow phone rather than the whole page; takes the focus so the keyboard can scroll it. */}
      <Box tabIndex={0} role="region" aria-label={t`Lines`} sx={{ overflowX: 'auto' }}>
        <table>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'left' }}>
                <Trans>Description</Trans>
              </th>
              <th scope="col" className="amount">
                <Trans>Qty</Trans>
              </th>
              <th scope="col" className="amount">
                <Trans>Tax rate</Trans>
              </th>
              <th scope="col" className="amount">
                {document.included ? t`Amount incl. tax` : t`Amount excl. tax`}
              </th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, index) => {
              const rate = line.rate ? document.rates[line.rate] : undefined;
              const date = line.date ? day(line.date) : null;
              return (
                <tr key={index}>
                  <td>
                    {line.title || (rate ? rateName(rate) : t`Outside the scope of tax`)}
                    {date && (
                      <>
                        <br />
                        <Trans>Event on {date}</Trans>
                      </>
                    )}
                  </td>
                  <td className="amount">{line.quantity ?? ''}</td>
                  <td className="amount">{rate ? percent(rate.basisPoints) : '–'}</td>
                  <td className="amount">{money(document.included ? line.gross : line.net)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Box>
      <table aria-label={t`Totals`}>
        <tbody>
          {Object.entries(document.rates).map(([id, rate]) => {
            const name = `${rateName(rate)} ${percent(rate.basisPoints)}`;
            const net = money(rate.net);
            return (
              <tr key={id}>
                <th scope="row" style={{ textAlign: 'left', fontWeight: 400 }}>
                  <Trans>
                    Tax {name} on {net}
                  </Trans>
                  {rate.reason && ` · ${rate.reason}`}
                </th>
                <td className="amount">{money(rate.tax)}</td>
              </tr>
            );
          })}
          <tr>
            <th scope="row" style={{ textAlign: 'left', fontWeight: 400 }}>
              <Trans>Total excl. tax</Trans>
            </th>
            <td className="amount">{money(document.net)}</td>
          </tr>
          <tr>
            <th scope="row" style={{ textAlign: 'left', fontWeight: 400 }}>
              <Trans>Tax</Trans>
            </th>
            <td className="amount">{money(document.tax)}</td>
          </tr>
          <tr>
            <th scope="row" style={{ textAlign: 'left' }}>
              <Trans>Total</Trans>
            </th>
            <td className="amount" style={{ fontWeight: 600 }}>
              {money(document.gross)}
            </td>
          </tr>
        </tbody>
      </table>
      {reverseCharged && (
        <Typography>
          <Trans>
            Reverse charge: the recipient accounts for the VAT (Article 196 of Council Directive 2006/112/EC). VAT
            numbers of both parties are given above.
          </Trans>
        </Typography>
      )}
      {paidBy && (
        <Typography>
          <Trans>Paid by: {paidBy}</Trans>
        </Typography>
      )}
      {document.footer && <Typography sx={{ whiteSpace: 'pre-line' }}>{document.footer}</Typography>}
    </Stack>
  );
}

/**
 * A document on a page of its own for printing (docs/invoices.md#sent-and-shown): `/document#{secret}:{number}`, for
 * whoever holds the order's link, fetched from trusted code as its record; a Print button, and printing shows the
 * document alone.
 */
export default function PrintableDocument({ hash }: { hash: string }) {
  const { t } = useLingui();
  const [secret = '', number = ''] = decodeURIComponent(hash.replace(/^#/, '')).split(':');
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; document: InvoiceDocument; timeZone: string | null }
  >({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    fetchDocument(secret, number).then(
      (found) => current && setState({ kind: 'ready', ...found }),
      (error: unknown) => {
        console.error('The document could not be fetched:', error);
        if (current) setState({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [secret, number]);
  if (state.kind === 'loading') return <Typography role="status">{t`Fetching the document…`}</Typography>;
  if (state.kind === 'failed') {
    return (
      <Alert severity="warning">
        <Trans>This document cannot be shown: check the link, or that you are online, and try again.</Trans>
      </Alert>
    );
  }
  return (
    <Stack className="document-print" spacing={2}>
      {printStyles}
      <div className="document-print-hide">
        <Button variant="contained" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
      </div>
      <DocumentSheet number={number} document={state.document} timeZone={state.timeZone} />
    </Stack>
  );
}
