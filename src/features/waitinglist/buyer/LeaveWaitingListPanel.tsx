import { Trans } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import { AskTrouble } from '../../../lib/mui/AskTrouble';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { leaveWaitingList, type LeaveResult } from './waitingListClient';

type View = { kind: 'idle' } | { kind: 'asking' } | { kind: LeaveResult } | { kind: 'unreachable' };

/**
 * The page a waiting list email's "leave" link opens (docs/waiting-list.md#joining-and-leaving). It asks before it
 * acts: a mail program that opens links to check them must not take anyone off the list.
 */
export default function LeaveWaitingListPanel() {
  const [params] = useSearchParams();
  const link = { product: params.get('product') ?? '', entry: params.get('entry') ?? '', key: params.get('key') ?? '' };
  const [view, setView] = useState<View>({ kind: 'idle' });
  if (!link.product || !link.entry || !link.key) {
    return (
      <Alert severity="warning">
        <Trans>This link is not complete. Open it from the email again.</Trans>
      </Alert>
    );
  }
  const leave = () => {
    setView({ kind: 'asking' });
    leaveWaitingList(link).then(
      (kind) => setView({ kind }),
      () => setView({ kind: 'unreachable' }),
    );
  };
  if (view.kind === 'left') {
    return (
      <Alert severity="success" role="status">
        <Trans>You have left the waiting list. Any places held for you go to the next person waiting.</Trans>
      </Alert>
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>
        <Trans>
          Leave the waiting list? You will not be offered places any more, and any places held for you go to the next
          person waiting.
        </Trans>
      </Typography>
      <Button variant="contained" onClick={leave} disabled={view.kind === 'asking'}>
        <Trans>Leave the waiting list</Trans>
      </Button>
      <div aria-live="polite">
        {view.kind === 'not-found' && (
          <Alert severity="warning">
            <Trans>This link does not name a place on a waiting list. It may have been used up.</Trans>
          </Alert>
        )}
        {(view.kind === 'too-many' || view.kind === 'unreachable') && <AskTrouble kind={view.kind} />}
      </div>
    </Stack>
  );
}
