import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE, readSiteFields } from '../../src/state/site';

const properties = {
  name: 'Harbour Lights',
  tagline: 'Music by the sea',
  address: '1 Quay Street',
  postcode: 'BS1 4DJ',
  calendar: 'https://example.com/cal.ics',
  email: 'hello@example.com',
  telephone: '+44 117 496 0000',
  website: 'https://example.com',
  comingsoon: true,
  launch: '2027-03-01T18:00:00Z',
  currency: 'EUR',
  locale: 'de-DE',
  timezone: 'Europe/Berlin',
};

describe('site replace', () => {
  it('replaces every site field from the properties value', () => {
    expect(readSiteFields(properties).site).toEqual({ ...properties, launch: '2027-03-01T18:00:00.000Z' });
  });

  it('gives missing fields their defaults instead of keeping old values', () => {
    expect(readSiteFields({ name: 'Only a name' }).site).toEqual({ ...DEFAULT_SITE, name: 'Only a name' });
  });

  it('accepts a launch in epoch milliseconds', () => {
    expect(readSiteFields({ launch: Date.UTC(2027, 0, 2) }).site.launch).toBe('2027-01-02T00:00:00.000Z');
  });
});

describe('site fields read one by one', () => {
  it('takes only a time zone this browser knows, of the shape the rules accept', () => {
    for (const timezone of ['Mars/Olympus', 'Europe/London; drop', 42]) {
      const { site, invalid } = readSiteFields({ ...properties, timezone });
      expect(site.timezone).toBeNull();
      expect(invalid).toEqual(['timezone']);
    }
  });

  it('keeps the good fields and names the bad ones', () => {
    const { site, invalid } = readSiteFields({ ...properties, comingsoon: 'yes', telephone: 441174960000 });
    expect(invalid).toEqual(['telephone', 'comingsoon']);
    expect(site.name).toBe('Harbour Lights');
    expect(site.comingsoon).toBe(false);
    expect(site.telephone).toBe('');
  });
});
