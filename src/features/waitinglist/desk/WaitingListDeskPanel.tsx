import { Trans, useLingui } from '@lingui/react/macro';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { LiveContent, Section } from '../../dashboardKit';
import { parseWaitingListSettings } from '../model';
import { WaitingEntries } from './WaitingEntries';
import { waitingListDesk } from './waitingListDesk';
import { WAITING_DESK_PATHS } from './waitingListDeskData';
import { WaitingListSettingsForm } from './WaitingListSettingsForm';

/**
 * The desk's waiting lists (docs/waiting-list.md#on-the-desk): the organiser's settings, and every product's list
 * live, with each entry's place in line and where it stands; an entry offered its places or taken off the list by
 * hand, through trusted code. Loaded with its tab.
 */
export default function WaitingListDeskPanel() {
  const { t } = useLingui();
  return (
    <Section title={t`Waiting list`}>
      <LiveContent path={WAITING_DESK_PATHS.settings} loading={t`Loading the waiting list…`}>
        {(settings) => (
          <LiveContent path={WAITING_DESK_PATHS.lists} loading={t`Loading the waiting list…`}>
            {(lists) => (
              <LiveContent path={WAITING_DESK_PATHS.products} loading={t`Loading products…`}>
                {(products) => <WaitingListView settings={settings} lists={lists} products={products} />}
              </LiveContent>
            )}
          </LiveContent>
        )}
      </LiveContent>
    </Section>
  );
}

function WaitingListView(raw: { settings: unknown; lists: unknown; products: unknown }) {
  const settings = parseWaitingListSettings(raw.settings);
  // Hundreds of entries: sorted and counted when they change, not at every render.
  const lists = useMemo(() => waitingListDesk(raw.lists, raw.products), [raw.lists, raw.products]);
  return (
    <Stack spacing={3}>
      <WaitingListSettingsForm settings={settings} />
      <Divider />
      {lists.length === 0 ? (
        <Typography>
          <Trans>Nobody is waiting.</Trans>
        </Typography>
      ) : (
        lists.map((list) => <WaitingEntries key={list.product} list={list} />)
      )}
    </Stack>
  );
}
