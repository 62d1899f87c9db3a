import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** Cancel (or `cancelLabel`) and the form's submit button until it is sent; then only Close, focused. */
export function SendButtons({
  sent,
  cancelLabel,
  submitLabel,
  onClose,
}: {
  sent: boolean;
  cancelLabel?: string;
  submitLabel: string;
  onClose: () => void;
}) {
  return (
    <DialogActions>
      {/* Remounted once sent, so the focus goes to it rather than to the page when the form goes. */}
      <Button key={String(sent)} onClick={onClose} autoFocus={sent}>
        {sent ? <Trans>Close</Trans> : (cancelLabel ?? <Trans>Cancel</Trans>)}
      </Button>
      {!sent && (
        <Button type="submit" variant="contained">
          {submitLabel}
        </Button>
      )}
    </DialogActions>
  );
}
