import { describe, expect, it } from 'vitest';
import { eventMarks, openingEvent } from '../../src/features/dashboard/events/useEvents';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const event = (id: string, date: string, active = true) => ({ id, date, active });

describe('the event the Events tab opens on (docs/behaviour.md#the-staff-desk)', () => {
  const past = event('pilot', '2026-09-25T20:00:00Z', false);
  const tonight = event('tonight', '2026-11-26T01:00:00Z');
  const draft = event('draft', '2026-12-01T19:00:00Z', false);
  const next = event('next', '2027-01-15T19:00:00Z');

  it('is the next event on sale, not the first in the list', () => {
    expect(openingEvent([past, draft, next], NOW)?.id).toBe('next');
  });
  it('is still the event that started within the last 12 hours', () => {
    expect(openingEvent([past, tonight, next], NOW)?.id).toBe('tonight');
  });
  it('falls back to a hidden coming event, then to the latest past one', () => {
    expect(openingEvent([past, draft], NOW)?.id).toBe('draft');
    expect(openingEvent([past, event('older', '2026-10-01T20:00:00Z')], NOW)?.id).toBe('older');
    expect(openingEvent([], NOW)).toBeUndefined();
  });
  it('marks past and hidden events', () => {
    expect(eventMarks(past, NOW)).toBe('past, hidden');
    expect(eventMarks(draft, NOW)).toBe('hidden');
    expect(eventMarks(next, NOW)).toBe('');
  });
});
