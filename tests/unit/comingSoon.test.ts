import { describe, expect, it } from 'vitest';
import { bypassesComingSoon, isComingSoonActive } from '../../src/features/site/comingSoon';
import { countdownTo } from '../../src/lib/countdown';
import { SIGNED_OUT, login } from '../../src/state/auth';
import { DEFAULT_SITE } from '../../src/state/site';

const launch = '2027-03-01T10:00:00.000Z';
const before = Date.parse(launch) - 1000;
const after = Date.parse(launch) + 1000;

describe('coming-soon mode', () => {
  it('holds while the flag is on and the launch has not passed', () => {
    expect(isComingSoonActive({ ...DEFAULT_SITE, comingsoon: true, launch }, before)).toBe(true);
    expect(isComingSoonActive({ ...DEFAULT_SITE, comingsoon: true, launch }, after)).toBe(false);
    expect(isComingSoonActive({ ...DEFAULT_SITE, comingsoon: true, launch: null }, after)).toBe(true);
    expect(isComingSoonActive({ ...DEFAULT_SITE, comingsoon: false, launch }, before)).toBe(false);
  });

  it('only signed-in staff browse past it', () => {
    const staff = login({ id: 'u', created: 1, role: 'staff', email: 's@example.com' });
    const customer = login({ id: 'u', created: 1, role: 'customer', email: 'c@example.com' });
    expect(bypassesComingSoon(staff)).toBe(true);
    expect(bypassesComingSoon(customer)).toBe(false);
    expect(bypassesComingSoon({ ...SIGNED_OUT, role: 'staff' })).toBe(false);
  });

  it('counts down in whole days, hours, minutes and seconds', () => {
    const target = Date.parse(launch);
    expect(countdownTo(target, target - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(countdownTo(target, target)).toBeNull();
    expect(countdownTo(target, after)).toBeNull();
  });
});
