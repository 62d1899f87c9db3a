/**
 * The waiting list model (docs/waiting-list.md), pure and shared with trusted code: what the rest of the app may use.
 */
export { parseWaitingDemand, parseWaitingListSettings, waitingListPaths, type WaitingDemand } from './waitingList';
export { WAITING_JOIN_ENDPOINT, WAITING_LEAVE_ENDPOINT } from './endpoints';
