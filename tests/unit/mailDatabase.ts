import type { MailDatabase } from '../../functions/src/mail/orderData';
import { isRecord } from '../../src/state/validation';

/**
 * The mail sender's database as readOrderData uses it, over `data` alone, read path by path as the sender reads it;
 * what readOrderData never asks is refused.
 */
export function mailDatabase(data: unknown): MailDatabase {
  const at = (path: string) =>
    path.split('/').reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), data) ?? null;
  const unused = () => Promise.reject(new Error('not read by readOrderData'));
  return {
    read: async (path) => at(path),
    ticketsOf: async (eventId, orderId) =>
      new Map(
        Object.entries((at(`tickets/${eventId}`) ?? {}) as object).filter(([id]) => id.startsWith(`${orderId}-`)),
      ),
    dueJobs: unused,
    dueMessages: unused,
    jobsOf: unused,
    documentsIssued: unused,
    transact: unused,
    update: unused,
  };
}
