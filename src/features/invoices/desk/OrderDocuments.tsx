import { Trans, useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { isRecord } from '../../../state/validation';
import { LiveContent, useShopFormat } from '../../dashboardKit';
import { deskKey, type Order } from '../../orders';
import { DocumentDownloadButton } from '../DocumentDownloadButton';
import { invoicePaths, parseInvoiceDocument } from '../model';

/** One document of the order, read live: its number, what it is, when it was issued and its total; its PDF. */
function DocumentRow({ number, secret }: { number: string; secret: string | null }) {
  const { t, i18n } = useLingui();
  const format = useShopFormat();
  return (
    <Typography component="li" variant="body2">
      <LiveContent path={invoicePaths.document(number)} loading={number}>
        {(raw) => {
          const document = parseInvoiceDocument(number, raw);
          if (!document) return t`${number}: this document cannot be read.`;
          const total = formatMoney(fromMinorUnits(document.gross, document.currency), document.currency, i18n.locale);
          const issued = format.date(document.issued);
          const corrected = document.corrects ?? '';
          const said =
            document.kind === 'invoice'
              ? t`${number} · Invoice · ${issued} · ${total}`
              : t`${number} · Credit note for ${corrected} · ${issued} · ${total}`;
          return (
            <>
              {said} {secret && <DocumentDownloadButton secret={secret} number={number} />}
            </>
          );
        }}
      </LiveContent>
    </Typography>
  );
}

/**
 * An order's invoices and credit notes on the desk (docs/invoices.md#the-documents), as trusted code listed them at
 * invoicesOf/{orderKey}, oldest number first; said plainly when there are none.
 */
export function OrderDocuments({
  order,
  secret,
}: {
  order: Pick<Order, 'uid' | 'id'>;
  /** The order's link, which staff read: the PDFs come through it, as the buyer's do. */
  secret: string | null;
}) {
  const { t } = useLingui();
  return (
    <Stack spacing={0.5} component="section" aria-labelledby={`documents-${order.id}`} sx={{ mt: 2 }}>
      <Typography id={`documents-${order.id}`} variant="subtitle2" component="h3">
        <Trans>Invoices and credit notes</Trans>
      </Typography>
      <LiveContent
        path={`${invoicePaths.ofOrder(deskKey(order.uid, order.id))}/docs`}
        loading={t`Loading the documents…`}
      >
        {(raw) => {
          const numbers = Object.keys(isRecord(raw) ? raw : {}).sort((a, b) =>
            a.localeCompare(b, undefined, { numeric: true }),
          );
          return numbers.length === 0 ? (
            <Typography variant="body2">
              <Trans>None issued.</Trans>
            </Typography>
          ) : (
            <Stack component="ul" aria-label={t`Invoices and credit notes`} sx={{ m: 0, paddingInlineStart: 2.5 }}>
              {numbers.map((number) => (
                <DocumentRow key={number} number={number} secret={secret} />
              ))}
            </Stack>
          );
        }}
      </LiveContent>
    </Stack>
  );
}
