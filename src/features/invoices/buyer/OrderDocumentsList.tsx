import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from '../../../lib/Link';
import Typography from '@mui/material/Typography';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { DocumentDownloadButton } from '../DocumentDownloadButton';
import type { DocumentSummary } from '../model';

/**
 * The order page's invoices and credit notes (docs/invoices.md#sent-and-shown): each with its date and total, and its
 * PDF to download. Nothing at all while the order has none.
 */
export function OrderDocumentsList({ secret, documents }: { secret: string; documents: readonly DocumentSummary[] }) {
  const { t, i18n } = useLingui();
  if (documents.length === 0) return null;
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' });
  return (
    <Stack component="section" spacing={1} aria-labelledby="order-documents-heading" sx={{ mt: 3 }}>
      <Typography id="order-documents-heading" variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 600 }}>
        <Trans>Invoices</Trans>
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {documents.map((document) => {
          const total = formatMoney(fromMinorUnits(document.gross, document.currency), document.currency, i18n.locale);
          const issued = date.format(new Date(document.issued));
          const number = document.number;
          const corrected = document.corrects ?? '';
          return (
            <Stack
              component="li"
              key={number}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 0.5 }}
            >
              <Typography>
                {document.kind === 'invoice'
                  ? t`Invoice ${number} · ${issued} · ${total}`
                  : t`Credit note ${number} for ${corrected} · ${issued} · ${total}`}
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  variant="outlined"
                  component={Link}
                  to={{ pathname: '/document', hash: `${secret}:${number}` }}
                  aria-label={t`Print ${number}`}
                >
                  <Trans>Print</Trans>
                </Button>
                <DocumentDownloadButton secret={secret} number={number} />
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    </Stack>
  );
}
