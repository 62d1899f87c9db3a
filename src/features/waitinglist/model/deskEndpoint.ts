/**
 * POST: the desk, having queued a waiting list request (deskRequests.ts), asks trusted code to apply the queue now. A
 * module of its own with no imports, as vite.config.ts loads it as it is (docs/waiting-list.md#on-the-desk).
 */
export const WAITING_DESK_ENDPOINT = '/api/waitinglist/apply';
