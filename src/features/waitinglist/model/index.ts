/**
 * The waiting list model (docs/waiting-list.md), pure and shared with trusted code: what the rest of the app may use.
 */
export {
  OFFER_HOURS_MAX,
  OFFER_HOURS_MIN,
  parseWaitingDemand,
  parseWaitingLists,
  parseWaitingListSettings,
  waitingCount,
  waitingListPaths,
  type WaitingDemand,
  type WaitingEntry,
  type WaitingListSettings,
  type WaitingState,
} from './waitingList';
export { WAITING_JOIN_ENDPOINT, WAITING_LEAVE_ENDPOINT } from './endpoints';
export {
  parseWaitingDeskOutcome,
  WAITING_DESK_ENDPOINT,
  waitingDeskRequestRecord,
  waitingListDeskPaths,
  type WaitingDeskOutcome,
  type WaitingDeskRequest,
} from './deskRequests';
