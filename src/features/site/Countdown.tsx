import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { serverOffsetAtom } from '../../state/liveAtoms';
import { countdownTo } from './comingSoon';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** Time left until `target` on the database server's clock, ticking each second. */
export function Countdown({ target }: { target: number }) {
  const offset = useAtomValue(serverOffsetAtom);
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setDeviceNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = countdownTo(target, deviceNow + offset);
  if (!left) return null;
  return (
    // The figures change every second: announcing each change would drown a screen reader, so the launch date
    // next to it carries the meaning and this stays silent.
    <Box
      data-testid="countdown"
      aria-hidden="true"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1, textAlign: 'center' }}
    >
      {UNITS.map(([unit, label]) => (
        <Box key={unit} sx={{ p: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography component="span" variant="h2" sx={{ display: 'block', fontVariantNumeric: 'tabular-nums' }}>
            {left[unit]}
          </Typography>
          <Typography component="span" variant="caption">
            {label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
