/**
 * An event's attendee list as a CSV file for a spreadsheet: one row per ticket with the buyer's contact details,
 * the order's reference, the start of the ticket's code and its check-in, its type (for an event sold by type), and
 * the event's title and time in the shop's zone on every row, so that lists of several events can be put together (docs/behaviour.md#the-staff-desk).
 */
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { formatEventTime, formatMoment } from '../../../lib/format';
import { searchKey } from '../../orders';
import { toCsv } from '../../dashboardKit';
import type { Attendee } from './eventNumbers';

/** A ticket's state as the list and the file say it, in the reader's language (`i18n._`). */
export const ATTENDEE_STATUS = { valid: msg`Valid`, void: msg`Void`, unpaid: msg`Unpaid` } as const;

/** The code column's name says it holds only the start of each code, so nobody takes it for a cut-off export. */
export const CODE_START_COLUMN = msg`Code (first part)`;

/**
 * The file, in the language of whoever downloads it (`locale`, the reader's): its column names, states and times,
 * in the shop's zone, the event's with its zone named ("19:00 GMT").
 */
export function attendeeCsv(
  attendees: readonly Attendee[],
  event: { title: string; date: string | null },
  shop: { locale: string; timezone: string | null },
): string {
  const when = event.date ? formatEventTime(event.date, shop.locale, shop.timezone) : '';
  const header = [
    t`Name`,
    t`Email`,
    t`Phone`,
    t`Order`,
    i18n._(CODE_START_COLUMN),
    t`Status`,
    t`Checked in`,
    t`Device`,
    t`Type`,
    t`Event`,
    t`Event date`,
  ];
  return toCsv(
    header,
    attendees.map((a) => [
      a.name,
      a.email,
      a.phone,
      a.order,
      a.codeStart,
      i18n._(ATTENDEE_STATUS[a.status]),
      a.checkedInAt === null ? '' : formatMoment(a.checkedInAt, shop.locale, shop.timezone, 'date-time'),
      a.device,
      a.type ?? '',
      event.title,
      when,
    ]),
  );
}

/** A file name from the event's title: letters, digits and hyphens. */
export function attendeeFileName(title: string): string {
  const slug = searchKey(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `attendees-${slug || 'event'}.csv`;
}
