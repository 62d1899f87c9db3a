import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { liveValueAtom } from '../../firebase/liveValue';

/**
 * Shows loading and errors of a live path, and hands its value to `children` once it has one. `loading` is said
 * while it waits, as a whole sentence of the caller's ("Loading your orders…").
 */
export function LiveContent({
  path,
  loading,
  children,
}: {
  path: string;
  loading: string;
  children: (value: unknown) => ReactNode;
}) {
  const live = useAtomValue(liveValueAtom(path));
  const { i18n } = useLingui();
  if (live.status === 'error') return <Alert severity="error">{i18n._(live.message)}</Alert>;
  if (live.status === 'loading') {
    return (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{loading}</Typography>
      </Stack>
    );
  }
  return children(live.value);
}
