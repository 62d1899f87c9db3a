import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { holderText, placeText, type Decision } from './decide';
import { admitPaid, deviceName } from './doorStore';

/** What was typed or read, as the door repeats it: on one line and short, whatever it was. */
function echo(input: string): string {
  const text = input.replace(/\s+/g, ' ').trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/*
 * The result's colours are the same in both schemes: white text on a dark fill, at least 4.5:1 (green 5.0, red 6.5,
 * amber 5.0, grey 10). The theme's dark-scheme success and error are light fills, made for text on a dark page:
 * white on them read at 2.4:1 and 3.7:1 (docs/tickets-and-check-in.md#the-door).
 */
const RESULT_COLOURS = {
  admitted: '#15803d',
  refused: '#b91c1c',
  elsewhere: '#b45309',
  unknown: '#424242',
} as const;

/**
 * The result in words, in the language spoken (its caller renders again when that changes): a title, a detail, and for a ticket of this event which one it is ("ticket 2 of 3 · order
 * K7M4-QXPR", as the buyer's own tickets say it; never the internal id), so staff can ask the holder about it.
 */
function describe(
  decision: Decision,
  time: (at: number) => string,
  money: (minor: number) => string,
): { title: string; detail: string; colour: string; ticket?: string } {
  // Who the ticket admits, for every result about a ticket of this event.
  const holder = 'ticket' in decision ? holderText(decision.ticket) : '';
  switch (decision.kind) {
    case 'admitted':
      return {
        title: t`Admitted`,
        detail: holder,
        ticket: placeText(decision.place),
        colour: RESULT_COLOURS.admitted,
      };
    case 'already': {
      const at = time(decision.at);
      const device = decision.device;
      return {
        title: t`Already checked in`,
        detail: device === deviceName ? t`at ${at} on this device · ${holder}` : t`at ${at} on ${device} · ${holder}`,
        ticket: placeText(decision.place),
        colour: RESULT_COLOURS.refused,
      };
    }
    case 'void': {
      return {
        title: t`Void ticket`,
        detail: t`Cancelled order · ${holder}`,
        ticket: placeText(decision.place),
        colour: RESULT_COLOURS.refused,
      };
    }
    case 'unpaid': {
      return {
        title: t`Not paid`,
        detail: t`Its order waits for a card or bank payment · ${holder}`,
        ticket: placeText(decision.place),
        colour: RESULT_COLOURS.refused,
      };
    }
    case 'collect': {
      const amount = money(decision.amount);
      return {
        title: t`Unpaid: take ${amount}`,
        detail: t`Pays the whole order · ${holder}`,
        ticket: placeText(decision.place),
        colour: RESULT_COLOURS.elsewhere,
      };
    }
    case 'other-event': {
      const event = decision.title;
      return {
        title: t`Another event’s ticket`,
        detail: t`This ticket is for ${event}`,
        colour: RESULT_COLOURS.elsewhere,
      };
    }
    case 'unknown': {
      const typed = echo(decision.input);
      return {
        title: t`Unknown code`,
        detail: t`“${typed}” is not a ticket on this device’s lists`,
        colour: RESULT_COLOURS.unknown,
      };
    }
  }
}

/** The result of the last scan, large enough to read at arm's length, and announced to screen readers. */
export function DecisionView({
  decision,
  at,
  when,
  money,
}: {
  decision: Decision;
  at: number;
  /** A check-in's time of day as the shop writes it. */
  when: (at: number) => string;
  /** An amount in the shop's minor units as the shop writes it. */
  money: (minor: number) => string;
}) {
  // Subscribes to the language: describe() speaks the one spoken at each render.
  useLingui();
  const { title, detail, colour, ticket } = describe(decision, when, money);
  const amount = decision.kind === 'collect' ? money(decision.amount) : '';
  const box = useRef<HTMLDivElement>(null);
  // On a phone the form or the on-screen keyboard can hide it: each new result is brought into view.
  useEffect(() => {
    // A block, not an arrow's value: newer browsers return a promise here, which React would take for a cleanup.
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [at]);
  return (
    <Box
      ref={box}
      role="status"
      aria-live="assertive"
      data-testid="checkin-result"
      data-kind={decision.kind}
      key={at}
      sx={{ bgcolor: colour, color: '#fff', borderRadius: 2, p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}
    >
      <Typography sx={{ fontSize: { xs: '2.5rem', sm: '3.5rem' }, fontWeight: 800, lineHeight: 1.1 }}>
        {title}
      </Typography>
      <Typography sx={{ fontSize: { xs: '1.25rem', sm: '1.6rem' }, mt: 1, wordBreak: 'break-word' }}>
        {detail}
      </Typography>
      {ticket && (
        <Typography data-testid="checkin-ticket" sx={{ fontSize: { xs: '1.1rem', sm: '1.3rem' }, mt: 0.5 }}>
          {ticket}
        </Typography>
      )}
      {decision.kind === 'collect' && (
        // Nothing is recorded until staff say the money is in: scanning the next code simply moves on.
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, justifyContent: 'center' }}>
          <Button
            variant="contained"
            size="large"
            onClick={() => admitPaid(decision)}
            sx={{ bgcolor: '#fff', color: '#1a1a1a', '&:hover': { bgcolor: '#f0f0f0' } }}
          >
            <Trans>Paid {amount}: admit</Trans>
          </Button>
        </Stack>
      )}
    </Box>
  );
}
