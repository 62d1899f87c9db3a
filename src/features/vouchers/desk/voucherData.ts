/**
 * The desk's data access for vouchers (docs/vouchers.md): what it follows live, and staff's writes of a voucher's
 * terms, straight to vouchers/ (the rules let staff write them; only trusted code moves `used`, and nobody deletes a
 * voucher: staff disable it). A voucher that holds places moves places, which only trusted code writes: the desk
 * queues it for trusted code to make (functions/src/vouchers/deskRequests.ts) and waits for the answer.
 */
import { t } from '@lingui/core/macro';
import { database } from '../../../firebase/database';
import { isPermissionDenied } from '../../../firebase/errors';
import { paths } from '../../../firebase/paths';
import { appStore } from '../../../state/appStore';
import { authAtom } from '../../../state/atoms';
import { queuedAnswer, SaveRefused, type QueueOfTrustedCode } from '../../dashboardKit';
import {
  parseVoucherDeskOutcome,
  VOUCHER_DESK_ENDPOINT,
  voucherDeskPaths,
  voucherHoldRequestRecord,
  voucherPaths,
  type Voucher,
  type VoucherDeskOutcome,
  type VoucherTerms,
} from '../model';
import { newVoucherWrites, voucherTermWrites } from './voucherForm';

/** What the tab follows live: the vouchers, their uses, and the products and quotas they may apply to. */
export const VOUCHER_DESK_PATHS = {
  vouchers: voucherPaths.vouchers,
  uses: voucherPaths.allUses,
  products: paths.products,
  quotas: paths.quotas,
} as const;

/**
 * Creates the vouchers `codes`, all alike, in one update: all of them or none. A code staff chose is read first,
 * and refused when it is taken; the rules refuse to write over a voucher in any case (its `created` stays).
 */
export async function createVouchers(codes: readonly string[], terms: VoucherTerms, chosen: boolean): Promise<void> {
  const db = await database();
  const [code = ''] = codes;
  if (chosen && (await db.read(voucherPaths.voucher(code))) !== null) {
    throw new SaveRefused(t`A voucher with the code ${code} already exists: choose another code.`);
  }
  try {
    await db.updateRoot(newVoucherWrites(codes, terms, db.serverTime));
  } catch (error) {
    if (!isPermissionDenied(error)) throw error;
    throw new SaveRefused(
      t`The shop refused these vouchers: a code may have been taken meanwhile, or you may no longer be staff. None was created.`,
    );
  }
}

/**
 * Saves an edited voucher's terms, field by field, so that a use counted meanwhile is never written over; what it
 * does and applies to only while it is unused.
 */
export async function saveVoucherTerms(voucher: Voucher, terms: VoucherTerms): Promise<void> {
  const db = await database();
  try {
    await db.updateRoot(voucherTermWrites(voucher, terms));
  } catch (error) {
    if (!isPermissionDenied(error)) throw error;
    const { code } = voucher;
    throw new SaveRefused(
      t`The shop refused the change to ${code}: it may have been used meanwhile more often than the uses you set, or you may no longer be staff. Nothing was saved.`,
    );
  }
}

const REQUESTS: QueueOfTrustedCode<VoucherDeskOutcome> = {
  answerPath: voucherDeskPaths.answer,
  parse: parseVoucherDeskOutcome,
  endpoint: VOUCHER_DESK_ENDPOINT,
};

/**
 * Asks trusted code to make voucher `code` with `terms` (of one product) holding `places` of it apart from public
 * sale, as the signed-in staff member; resolves with its answer, or 'queued' while none came.
 */
export async function askToHoldPlaces(
  code: string,
  terms: VoucherTerms,
  places: number,
): Promise<VoucherDeskOutcome | 'queued'> {
  const by = appStore.get(authAtom).id;
  if (!by) throw new Error('only a signed-in staff member can make a voucher that holds places');
  const db = await database();
  const id = db.newKey(voucherDeskPaths.requests);
  await db.set(
    voucherDeskPaths.request(id),
    voucherHoldRequestRecord({ kind: 'hold', code, terms, places, by }, db.serverTime),
  );
  return queuedAnswer(db, REQUESTS, id);
}
