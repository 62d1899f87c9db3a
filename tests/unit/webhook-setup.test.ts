/**
 * README's step 9 tells an organiser which of the card provider's events to send to the webhook: exactly those
 * trusted code acts on (functions/src/payments/stripeProvider.ts). One left out of the README never arrives in
 * production (refunds finished later stayed pending), so a change to either shows here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARD_WEBHOOK_EVENTS } from '../../functions/src/payments/stripeProvider';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The event names README's webhook paragraph lists: from "add a webhook endpoint" to its signing secret. */
function eventsInReadme(): string[] {
  const start = README.indexOf('add a webhook endpoint');
  const end = README.indexOf('its signing secret', start);
  expect(start, 'README has its webhook paragraph').toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return [...README.slice(start, end).matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map((match) => match[1]!);
}

describe("README's webhook set-up", () => {
  it('lists every event trusted code acts on, and no other', () => {
    expect(CARD_WEBHOOK_EVENTS.length).toBeGreaterThan(0);
    expect([...eventsInReadme()].sort()).toEqual([...CARD_WEBHOOK_EVENTS].sort());
  });
});
