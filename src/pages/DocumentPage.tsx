import { withMuiScope } from '../lib/mui/MuiScope';
import { Trans, useLingui } from '@lingui/react/macro';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../features/site/usePageTitle';

const PrintableDocument = lazy(() => import('../features/invoices/buyer/PrintableDocument'));

/** An invoice or credit note on a page of its own, for printing (/document#secret:number; docs/invoices.md). */
function DocumentPage() {
  const { t } = useLingui();
  usePageTitle(t`Invoice`);
  const { hash } = useLocation();
  return (
    <Suspense
      fallback={
        <Typography role="status">
          <Trans>Fetching the document…</Trans>
        </Typography>
      }
    >
      <PrintableDocument hash={hash} />
    </Suspense>
  );
}

export default withMuiScope(DocumentPage);
