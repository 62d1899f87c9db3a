/**
 * How long a confirmed status change waits before anything is written or mailed, so a mis-tap can be undone
 * (docs/behaviour.md#the-staff-desk). Long enough to notice and reach Undo, short enough that staff see it done.
 */
export const STATUS_UNDO_MS = 8_000;
