/**
 * How often trusted code looks for holds that have ended (docs/payments.md#the-hold): an unpaid order lapses within
 * this long of its hold's end. Cloud Scheduler's expireOrders runs at the same pace ("every 1 minutes").
 */
export const EXPIRY_INTERVAL_MS = 60_000;
