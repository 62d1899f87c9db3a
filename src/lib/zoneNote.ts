import { t } from '@lingui/core/macro';

/**
 * Which clock staff read times on, said beside them: the shop's zone by name, or the device's while it names none.
 * In the language spoken; apart from format.ts, which trusted code shares and which is built without Lingui's macros.
 */
export function zoneNote(timeZone: string | null): string {
  return timeZone ? t`times in the shop’s zone, ${timeZone}` : t`times in this device’s zone (the shop names none)`;
}
