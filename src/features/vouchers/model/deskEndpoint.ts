/**
 * POST: the desk, having queued a voucher request (deskRequests.ts), asks trusted code to apply the queue now. A
 * module of its own with no imports, as vite.config.ts loads it as it is (docs/vouchers.md#staff-holding-places).
 */
export const VOUCHER_DESK_ENDPOINT = '/api/vouchers/apply';
