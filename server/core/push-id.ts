import { randomInt } from 'node:crypto';

/** Push ids sort by creation time: 8 characters of milliseconds, then 12 random ones, in this ASCII-ordered set. */
const ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

let lastTime = -1;
let lastRandom: number[] = [];

/** A new push id; ids made within the same millisecond stay ordered by incrementing the random part. */
export function pushId(now = Date.now()): string {
  let time = '';
  for (let rest = now, i = 0; i < 8; i++, rest = Math.floor(rest / 64)) time = ALPHABET.charAt(rest % 64) + time;
  if (now === lastTime) {
    let i = 11;
    while (i >= 0 && lastRandom[i] === 63) lastRandom[i--] = 0;
    if (i >= 0) lastRandom[i] = (lastRandom[i] as number) + 1;
  } else {
    lastTime = now;
    lastRandom = Array.from({ length: 12 }, () => randomInt(64));
  }
  return time + lastRandom.map((digit) => ALPHABET.charAt(digit)).join('');
}
