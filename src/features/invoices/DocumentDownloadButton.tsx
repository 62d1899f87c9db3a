import { useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { notify } from '../../lib/toast/notifier';
import { downloadDocument } from './documentDownload';

/** "Download the PDF" of one of an order's documents; says so in a toast when it cannot be had. */
export function DocumentDownloadButton({ secret, number }: { secret: string; number: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadDocument(secret, number)
      .catch(() =>
        notify({
          severity: 'error',
          summary: t`The document could not be downloaded`,
          detail: navigator.onLine ? t`Please try again in a moment.` : t`You are offline: try again once connected.`,
        }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      onClick={download}
      aria-label={t`Download ${number} as a PDF`}
    >
      {busy ? t`Downloading…` : t`PDF`}
    </Button>
  );
}
