import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

interface EditorDialogProps {
  /** The title's element id, which names the dialog for screen readers. */
  id: string;
  title: string;
  /** The save button's words: "Save product". */
  save: string;
  busy: boolean;
  /** Why the last save failed, shown above the fields; null when it did not. */
  problem: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  maxWidth: DialogProps['maxWidth'];
  fullScreen?: boolean;
  children: ReactNode;
}

/** A staff editor's dialog: a form with its title, the save's problem, the fields, and cancel or save. */
export function EditorDialog({
  id,
  title,
  save,
  busy,
  problem,
  onSubmit,
  onClose,
  children,
  ...dialog
}: EditorDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open onClose={onClose} fullWidth aria-labelledby={id} {...dialog}>
      {/* Shrinks with the dialog, so that the fields scroll between the title and the buttons, which stay in view. */}
      <Stack component="form" noValidate onSubmit={onSubmit} sx={{ minHeight: 0 }}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t`Saving…` : save}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
