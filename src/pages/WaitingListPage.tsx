import { withMuiScope } from '../lib/mui/MuiScope';
import { Trans, useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { usePageTitle } from '../features/site/usePageTitle';

const LeaveWaitingList = lazy(() => import('../features/waitinglist/buyer/LeaveWaitingListPanel'));

/** Where a waiting list email's link leads to leave the list (docs/waiting-list.md#joining-and-leaving). */
function WaitingListPage() {
  const { t } = useLingui();
  usePageTitle(t`Waiting list`);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">
        <Trans>Waiting list</Trans>
      </Typography>
      <Suspense fallback={null}>
        <LeaveWaitingList />
      </Suspense>
    </Stack>
  );
}

export default withMuiScope(WaitingListPage);
