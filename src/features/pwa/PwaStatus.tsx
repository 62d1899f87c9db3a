import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { onlineAtom } from './connectivity';
import { acceptInstallOffer, dismissInstallOffer, installOfferAtom } from './installOffer';

function OfflineBar() {
  const online = useAtomValue(onlineAtom);
  return (
    // Always in the page, so screen readers announce the change when the text appears.
    <Box role="status">
      {!online && (
        <Paper square elevation={6} sx={{ px: 2, py: 1, bgcolor: 'grey.900', color: 'common.white' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
            <CloudOffOutlined fontSize="small" aria-hidden />
            <Typography variant="body2">
              You are offline. Showing what this device saved; your wishlist still works.
            </Typography>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}

function IosInstructions({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="ios-install-title">
      <DialogTitle id="ios-install-title">Install this app</DialogTitle>
      <DialogContent>
        <Typography component="ol" sx={{ pl: 2.5, m: 0 }}>
          <li>Tap the Share button in Safari’s toolbar.</li>
          <li>Choose “Add to Home Screen”.</li>
          <li>Tap “Add”. The app then opens from your home screen, also offline.</li>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A quiet offer in the corner, only when installing is possible; "Not now" puts it away for good. */
function InstallAction() {
  const store = useStore();
  const offer = useAtomValue(installOfferAtom);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  if (offer.kind === 'none' && !instructionsOpen) return null;
  const install = () => {
    if (offer.kind === 'prompt') void acceptInstallOffer(store, offer.event);
    else setInstructionsOpen(true);
  };
  return (
    <>
      {offer.kind !== 'none' && (
        <Paper elevation={4} sx={{ m: 2, p: 1, alignSelf: 'flex-start', display: 'flex', gap: 1 }}>
          <Button variant="contained" size="small" onClick={install}>
            Install app
          </Button>
          <Button size="small" onClick={() => dismissInstallOffer(store)}>
            Not now
          </Button>
        </Paper>
      )}
      <IosInstructions open={instructionsOpen} onClose={() => setInstructionsOpen(false)} />
    </>
  );
}

/** The app's connection and install status, pinned to the bottom of the window over every page. */
export function PwaStatus() {
  return (
    <Box
      component="aside"
      aria-label="Connection and install"
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 'snackbar',
        display: 'flex',
        flexDirection: 'column',
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      <InstallAction />
      <OfflineBar />
    </Box>
  );
}
