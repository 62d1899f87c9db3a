/**
 * Trusted code's invoice issuer in a process of its own, for bench/rushInvoices.ts to kill part-way through: issues
 * until a run finds nothing left to issue, then prints its counts as one line of JSON and exits.
 *
 * Usage: tsx bench/invoiceIssuerProcess.ts <database url>
 */
import { invoiceIssuer } from '../functions/src/invoices/issue';
import { adminQueueDatabase } from '../functions/src/orders/adminQueueDatabase';

const db = adminQueueDatabase(process.argv[2]);
const issue = invoiceIssuer(db);
const total = { invoices: 0, credits: 0, unfit: 0 };
for (;;) {
  const report = await issue();
  total.invoices += report.invoices;
  total.credits += report.credits;
  total.unfit += report.unfit;
  if (report.invoices + report.credits === 0 && report.deferred === 0) break;
}
console.log(JSON.stringify(total));
await db.close();
process.exit(0);
