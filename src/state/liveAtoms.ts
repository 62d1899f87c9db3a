import { atom } from 'jotai';

/** Where a live subscription stands (see resilientSubscription in src/firebase). */
export type LiveStatus = 'connecting' | 'live' | 'retrying' | 'paused';

/** Where the live properties subscription stands; not persisted. */
export const liveStatusAtom = atom<LiveStatus>('connecting');

/** The database's clock minus this device's (ms), so countdowns follow server time, not the device clock. */
export const serverOffsetAtom = atom(0);

/** Whether the realtime connection is up. */
export const connectedAtom = atom(false);

/** Asks the live subscription to start over; set by whoever owns it. */
export const restartLiveAtom = atom<{ restart: () => void } | null>(null);

/** Server time as last sampled: at start, when the offset or the site changes, and at the launch moment. */
export const serverNowAtom = atom(Date.now());
