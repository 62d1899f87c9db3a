/**
 * The desk's data access for the waiting list (docs/waiting-list.md#on-the-desk): what the tab follows live, the
 * organiser's settings (staff write them straight; the rules hold their shape), and an offer or a skip by hand,
 * queued for trusted code to apply (functions/src/waitinglist/deskRequests.ts) as gift cards' requests are.
 */
import { database } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { appStore } from '../../../state/appStore';
import { authAtom } from '../../../state/atoms';
import { queuedAnswer, type QueueOfTrustedCode } from '../../dashboardKit';
import {
  parseWaitingDeskOutcome,
  WAITING_DESK_ENDPOINT,
  waitingDeskRequestRecord,
  waitingListDeskPaths,
  waitingListPaths,
  type WaitingDeskOutcome,
  type WaitingDeskRequest,
  type WaitingEntry,
  type WaitingListSettings,
} from '../model';

/** What the tab follows live: the lists, the products they are of, and the organiser's settings. */
export const WAITING_DESK_PATHS = {
  lists: waitingListPaths.all,
  products: paths.products,
  settings: waitingListPaths.settings,
} as const;

const REQUESTS: QueueOfTrustedCode<WaitingDeskOutcome> = {
  answerPath: waitingListDeskPaths.answer,
  parse: parseWaitingDeskOutcome,
  endpoint: WAITING_DESK_ENDPOINT,
};

/**
 * Asks trusted code to offer `entry` its places now, or to take it off the list, as the signed-in staff member;
 * resolves with its answer, or 'queued' while none came.
 */
export async function askOfWaitingList(
  kind: WaitingDeskRequest['kind'],
  entry: Pick<WaitingEntry, 'product' | 'id'>,
): Promise<WaitingDeskOutcome | 'queued'> {
  const by = appStore.get(authAtom).id;
  if (!by) throw new Error('only a signed-in staff member can ask this of the waiting list');
  const db = await database();
  const id = db.newKey(waitingListDeskPaths.requests);
  const request: WaitingDeskRequest = { kind, product: entry.product, entry: entry.id, by };
  await db.set(waitingListDeskPaths.request(id), waitingDeskRequestRecord(request, db.serverTime));
  return queuedAnswer(db, REQUESTS, id);
}

/** Saves one of the organiser's settings, leaving the others as they are. */
export async function saveWaitingListSetting<K extends keyof WaitingListSettings>(
  name: K,
  value: WaitingListSettings[K],
): Promise<void> {
  const db = await database();
  await db.update(waitingListPaths.settings, { [name]: value });
}
