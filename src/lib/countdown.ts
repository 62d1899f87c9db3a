/** Whole days, hours, minutes and seconds until a moment. */
export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function countdownTo(target: number, now: number): Countdown | null {
  const remaining = Math.floor((target - now) / 1000);
  if (!(remaining > 0)) return null;
  return {
    days: Math.floor(remaining / 86_400),
    hours: Math.floor((remaining % 86_400) / 3600),
    minutes: Math.floor((remaining % 3600) / 60),
    seconds: remaining % 60,
  };
}
