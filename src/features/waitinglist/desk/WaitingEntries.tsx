import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { saveQuickly, SaveRefused, useShopFormat } from '../../dashboardKit';
import type { WaitingDeskOutcome, WaitingDeskRequest } from '../model';
import { outcomeWords, STATE_WORDS } from './deskWords';
import { askOfWaitingList } from './waitingListDeskData';
import type { DeskEntry, DeskList } from './waitingListDesk';

/** What each request answers when it did what was asked. */
const DONE: Record<WaitingDeskRequest['kind'], WaitingDeskOutcome['kind']> = { offer: 'offered', skip: 'skipped' };

/**
 * Asks trusted code to offer `entry` its places or take it off the list; the outcome in a toast, titled `title` (an
 * answer that did not do it, such as no places free, as a refusal). Resolves when answered, or queued for later.
 */
function ask(kind: WaitingDeskRequest['kind'], entry: DeskEntry, title: string): Promise<boolean> {
  let said = '';
  return saveQuickly(
    async () => {
      const outcome = await askOfWaitingList(kind, entry);
      said = outcomeWords(outcome, entry.email);
      if (outcome !== 'queued' && outcome.kind !== DONE[kind]) throw new SaveRefused(said);
    },
    () => said,
    title,
  );
}

/** "Offer now" and "Take off the list" for an entry still waiting; taking off asks first. */
function EntryActions({ entry }: { entry: DeskEntry }) {
  const { t } = useLingui();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { email } = entry;
  if (entry.state !== 'waiting') return null;
  const run = (kind: WaitingDeskRequest['kind']) => {
    setBusy(true);
    setConfirming(false);
    // The toast's words say what became of it: done, refused, or still queued.
    void ask(kind, entry, t`Waiting list`).finally(() => setBusy(false));
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} useFlexGap>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        aria-label={t`Offer now to ${email}`}
        onClick={() => run('offer')}
      >
        <Trans>Offer now</Trans>
      </Button>
      <Button
        size="small"
        color="warning"
        disabled={busy}
        aria-label={t`Take off the list: ${email}`}
        onClick={() => setConfirming(true)}
      >
        <Trans>Take off the list</Trans>
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${id}-title`}>
        <DialogTitle id={`${id}-title`}>
          <Trans>Take {email} off the list?</Trans>
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            <Trans>They lose their place in line and are not told. They can join again while the list is open.</Trans>
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>
            <Trans>Keep them</Trans>
          </Button>
          <Button color="warning" variant="contained" onClick={() => run('skip')}>
            <Trans>Take off the list</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** An entry's facts as both layouts say them. */
function useEntryWords() {
  const { i18n } = useLingui();
  const format = useShopFormat();
  return (entry: DeskEntry) => ({
    position: entry.position === null ? '' : i18n.number(entry.position),
    places: i18n.number(entry.quantity),
    state: i18n._(STATE_WORDS[entry.state]),
    joined: format.date(entry.at),
    until: entry.state === 'offered' && entry.until !== null ? format.date(entry.until) : '',
  });
}

/** A wide screen's table: one row per entry. */
function EntriesTable({ list, title }: { list: DeskList; title: string }) {
  const { t } = useLingui();
  const words = useEntryWords();
  return (
    <TableContainer>
      <Table size="small" aria-label={t`Waiting list of ${title}`}>
        <TableHead>
          <TableRow>
            <TableCell>
              <Trans>Place in line</Trans>
            </TableCell>
            <TableCell>
              <Trans>Email</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Places</Trans>
            </TableCell>
            <TableCell>
              <Trans>State</Trans>
            </TableCell>
            <TableCell>
              <Trans>Joined</Trans>
            </TableCell>
            <TableCell>
              <Trans>Offer holds until</Trans>
            </TableCell>
            <TableCell>
              <Trans>Actions</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.entries.map((entry) => {
            const said = words(entry);
            return (
              <TableRow key={entry.id}>
                <TableCell>{said.position}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.email}</TableCell>
                <TableCell align="right">{said.places}</TableCell>
                <TableCell>{said.state}</TableCell>
                <TableCell>{said.joined}</TableCell>
                <TableCell>{said.until}</TableCell>
                <TableCell>
                  <EntryActions entry={entry} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A phone's list: each entry on a few lines. */
function EntriesList({ list, title }: { list: DeskList; title: string }) {
  const { t } = useLingui();
  const words = useEntryWords();
  return (
    <Stack component="ul" spacing={1} aria-label={t`Waiting list of ${title}`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {list.entries.map((entry) => {
        const said = words(entry);
        const { position, state, joined, until } = said;
        return (
          <Stack component="li" key={entry.id} spacing={0.5} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {position && (
                <Box component="span">
                  {t`No. ${position}`}
                  {' · '}
                </Box>
              )}
              {entry.email}
            </Typography>
            <Typography variant="body2">
              {plural(entry.quantity, { one: '# place', other: '# places' })}
              {' · '}
              {state}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              <Trans>joined {joined}</Trans>
              {until && (
                <>
                  {' · '}
                  <Trans>offer holds until {until}</Trans>
                </>
              )}
            </Typography>
            <EntryActions entry={entry} />
          </Stack>
        );
      })}
    </Stack>
  );
}

/** One product's waiting list: its name, its figures and its entries, as a table or, on a phone, a list. */
export function WaitingEntries({ list }: { list: DeskList }) {
  const { t } = useLingui();
  const id = useId();
  // A phone lists each entry on a few lines; wider screens get the table.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const { product, people, offered } = list;
  const title = list.title ?? t`${product} (no longer in the shop)`;
  const places = plural(list.places, { one: '# place', other: '# places' });
  return (
    <Stack component="section" aria-labelledby={`${id}-title`} spacing={1}>
      <Typography id={`${id}-title`} variant="h3" sx={{ fontSize: '1.1rem' }}>
        {title}
      </Typography>
      <Typography data-testid="waiting-figures">{t`${people} waiting for ${places} · ${offered} offered`}</Typography>
      {wide ? <EntriesTable list={list} title={title} /> : <EntriesList list={list} title={title} />}
    </Stack>
  );
}
