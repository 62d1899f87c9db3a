import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MuiScope } from '../../lib/mui/MuiScope';

/** How to add the app to the home screen on iOS. Loaded when first asked for, with MUI (PwaStatus.tsx). */
export default function IosInstructions({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <MuiScope>
      <Dialog open={open} onClose={onClose} aria-labelledby="ios-install-title">
        <DialogTitle id="ios-install-title">
          <Trans>Install this app</Trans>
        </DialogTitle>
        <DialogContent>
          <Typography component="ol" sx={{ paddingInlineStart: 2.5, m: 0 }}>
            <li>
              <Trans>Tap the Share button in Safari’s toolbar.</Trans>
            </li>
            <li>
              <Trans>Choose “Add to Home Screen”.</Trans>
            </li>
            <li>
              <Trans>Tap “Add”. The app then opens from your home screen, also offline.</Trans>
            </li>
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </MuiScope>
  );
}
