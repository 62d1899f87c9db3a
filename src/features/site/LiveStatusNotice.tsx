import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { liveStatusAtom, restartLiveAtom } from '../../state/liveAtoms';

/** A quiet line shown only when live updates have given up; the page keeps showing the last known details. */
export function LiveStatusNotice() {
  const status = useAtomValue(liveStatusAtom);
  const live = useAtomValue(restartLiveAtom);
  if (status !== 'paused') return null;
  return (
    <Stack
      role="status"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'center', py: 0.5, bgcolor: 'action.hover' }}
    >
      <Typography variant="body2">Live updates paused. Showing the last known details.</Typography>
      <Button size="small" onClick={() => live?.restart()}>
        Retry
      </Button>
    </Stack>
  );
}
