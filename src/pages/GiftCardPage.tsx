import { withMuiScope } from '../lib/mui/MuiScope';
import { Trans, useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { usePageTitle } from '../features/site/usePageTitle';

const GiftCardBalance = lazy(() => import('../features/giftcards/buyer/GiftCardBalancePanel'));

/** A gift card's balance: its code in, what is left and where it went out (docs/gift-cards.md). */
function GiftCardPage() {
  const { t } = useLingui();
  usePageTitle(t`Gift card balance`);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">
        <Trans>Gift card balance</Trans>
      </Typography>
      <Typography>
        <Trans>
          Enter a gift card’s code to see what is left on it, until when it can be spent, and what it has paid for.
        </Trans>
      </Typography>
      <Suspense fallback={null}>
        <GiftCardBalance />
      </Suspense>
    </Stack>
  );
}

export default withMuiScope(GiftCardPage);
