import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { placeText, withPlaces, type EventList } from './decide';
import type { Conflict } from './doorStorage';

/**
 * Tickets admitted more than once while devices were offline, each named as the door's result names it (holder,
 * "ticket 2 of 3 · order K7M4-QXPR") rather than by its internal id, with every device and time that admitted it.
 */
export function ConflictList({
  conflicts,
  list,
  when,
}: {
  conflicts: readonly Conflict[];
  list: EventList;
  /** A scan's time as the shop writes it. */
  when: (at: number) => string;
}) {
  const { t } = useLingui();
  const places = useMemo(() => new Map([...withPlaces(list)].map((found) => [found.ticket.id, found])), [list]);
  const name = (ticketId: string) => {
    const found = places.get(ticketId);
    return found ? `${found.ticket.holder} · ${placeText(found.place)}` : t`A ticket no longer on this device’s list`;
  };
  return (
    <Alert severity="warning" data-testid="checkin-conflicts">
      <Typography sx={{ fontWeight: 700 }}>
        <Trans>Admitted more than once while devices were offline:</Trans>
      </Typography>
      <ul>
        {conflicts.map((c) => (
          <li key={c.ticket}>
            {name(c.ticket)}:{' '}
            {c.scans
              .map((s) => {
                const { device, first } = s;
                const at = when(s.scanned);
                return first ? t`${device} at ${at} (first)` : t`${device} at ${at}`;
              })
              .join('; ')}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
