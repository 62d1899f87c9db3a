import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMoment } from '../../lib/format';
import { zoneNote } from '../../lib/zoneNote';
import { formatMoney, fromMinorUnits } from '../../lib/money';
import { siteAtom } from '../../state/atoms';
import { connectedAtom } from '../../state/liveAtoms';
import { isRecord } from '../../state/validation';
import { catalogueAtom, groupOf, parseProduct } from '../catalogue';
import { liveValueAtom } from '../../firebase/liveValue';
import { ConflictList } from './ConflictList';
import { DecisionView } from './DecisionView';
import { paths } from '../../firebase/paths';
import {
  conflictsAtom,
  deviceName,
  doorListsAtom,
  doorNoticesAtom,
  downloadAtom,
  downloadList,
  followEvent,
  lastDecisionAtom,
  outboxAtom,
  scan,
  sendingAtom,
} from './doorStore';

// The camera and its QR decoder load only when staff open the camera.
const CameraScanner = lazy(() => import('./CameraScanner'));

/** The staff "Check-in" tab: pick an event, download its tickets, and admit people by camera or typed code. */
export default function CheckinPanel({ uid }: { uid: string }) {
  const products = useAtomValue(catalogueAtom).products;
  const lists = useAtomValue(doorListsAtom);
  const outbox = useAtomValue(outboxAtom);
  const last = useAtomValue(lastDecisionAtom);
  const notices = useAtomValue(doorNoticesAtom);
  const conflicts = useAtomValue(conflictsAtom);
  const download = useAtomValue(downloadAtom);
  const sending = useAtomValue(sendingAtom);
  // A send waits for the connection while offline: that is not "sending".
  const connected = useAtomValue(connectedAtom);
  // Every dated product staff can read (past and hidden ones too), else the visitor catalogue kept offline. An
  // event sold by type is listed once, by its group's id, under which all its types' tickets are
  // (docs/behaviour.md#editing-types-and-quotas); a type shares its group's title.
  const allProducts = useAtomValue(liveValueAtom(paths.products));
  const events = new Map<string, string>(Object.values(lists).map((l) => [l.eventId, l.title]));
  for (const product of products) if (product.date) events.set(groupOf(product), product.title);
  if (allProducts.status === 'ready' && isRecord(allProducts.value)) {
    for (const [id, raw] of Object.entries(allProducts.value)) {
      const parsed = parseProduct(id, raw);
      if ('product' in parsed && parsed.product.date) events.set(groupOf(parsed.product), parsed.product.title);
    }
  }
  const [eventId, setEventId] = useState<string>(() => Object.keys(lists)[0] ?? '');
  const [code, setCode] = useState('');
  const codeField = useRef<HTMLInputElement>(null);
  const { timezone, currency } = useAtomValue(siteAtom);
  // Staff read the door in their own language, on the shop's clock (docs/languages.md).
  const { i18n, t } = useLingui();
  const locale = i18n.locale;
  const when = (at: number) => formatMoment(at, locale, timezone, 'date-time');
  const [camera, setCamera] = useState(false);
  const title = events.get(eventId) ?? eventId;
  const list = lists[eventId];

  const downloaded = list !== undefined;
  useEffect(
    () => (eventId && downloaded ? followEvent(eventId, title, uid) : undefined),
    [eventId, title, uid, downloaded],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    scan(code, eventId);
    setCode('');
    // Back to the field, whatever was pressed: a keyboard-wedge scanner types the next code straight away.
    codeField.current?.focus();
  };
  const valid = list?.tickets.filter((t) => t.status === 'valid') ?? [];
  const checkedIn = valid.filter((t) => t.checkin).length;
  const waiting = outbox.filter((s) => s.eventId === eventId).length;
  const outboxText =
    waiting === 0
      ? t`All scans sent.`
      : sending && connected
        ? plural(waiting, { one: '# scan waiting to be sent…', other: '# scans waiting to be sent…' })
        : plural(waiting, {
            one: '# scan waiting to be sent (offline)',
            other: '# scans waiting to be sent (offline)',
          });
  const tickets = list?.tickets.length ?? 0;
  const synced = list ? when(list.syncedAt) : '';
  const zone = zoneNote(timezone);
  const total = valid.length;

  return (
    <Stack spacing={2.5}>
      {notices.map((notice) => (
        <Alert key={notice.id} severity="warning">
          {i18n._(notice)}
        </Alert>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label={t`Event`}
          value={eventId}
          onChange={(e) => setEventId(e.target.value)}
          sx={{ minWidth: 260 }}
          disabled={events.size === 0}
          helperText={events.size === 0 ? t`Loading the events…` : undefined}
        >
          {[...events].map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={!eventId || download === 'loading'}
          onClick={() => void downloadList(eventId, title)}
        >
          {list ? <Trans>Download again</Trans> : <Trans>Download ticket list</Trans>}
        </Button>
      </Stack>
      {download === 'failed' && (
        <Alert severity="error">
          <Trans>The list could not be downloaded. Check the connection and try again.</Trans>
        </Alert>
      )}
      {list ? (
        <>
          <Typography data-testid="checkin-synced">
            {plural(tickets, {
              one: `# ticket on this device · last synced ${synced} (${zone}) · this device is ${deviceName}`,
              other: `# tickets on this device · last synced ${synced} (${zone}) · this device is ${deviceName}`,
            })}
          </Typography>
          <Typography data-testid="checkin-counter" sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
            <Trans>
              Checked in: {checkedIn} / {total}
            </Trans>
          </Typography>
          <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} onSubmit={submit} noValidate>
            <TextField
              label={t`Ticket code`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              inputRef={codeField}
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 200 } }}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="contained" size="large">
              <Trans>Check in</Trans>
            </Button>
            <Button variant="outlined" size="large" onClick={() => setCamera((open) => !open)}>
              {camera ? <Trans>Close camera</Trans> : <Trans>Scan with camera</Trans>}
            </Button>
          </Stack>
          {/* Above the camera view, which would push it off a phone's screen. */}
          {last && (
            <DecisionView
              decision={last.decision}
              at={last.at}
              when={(at) => formatMoment(at, locale, timezone, 'time')}
              money={(minor) => formatMoney(fromMinorUnits(minor, currency), currency, locale)}
            />
          )}
          {camera && (
            <Suspense
              fallback={
                <Typography role="status">
                  <Trans>Starting the camera…</Trans>
                </Typography>
              }
            >
              <CameraScanner onCode={(text) => scan(text, eventId)} />
            </Suspense>
          )}
          <Typography data-testid="checkin-outbox" color={waiting ? 'warning' : 'textSecondary'}>
            {outboxText}
          </Typography>
          {conflicts.length > 0 && <ConflictList conflicts={conflicts} list={list} when={when} />}
        </>
      ) : (
        eventId && (
          <Typography>
            <Trans>
              Download the event’s ticket list to this device to check people in, also without a connection.
            </Trans>
          </Typography>
        )
      )}
    </Stack>
  );
}
