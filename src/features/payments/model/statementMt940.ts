/**
 * SWIFT MT940, the statement export most banks offer (docs/payments.md#bank-statements): its bookings of money in,
 * with their words.
 */
import { parseAmount } from './statementAmounts';
import { keyed, referencesIn, type ReadStatement, type SkipReason, type UnkeyedLine } from './statementLine';

/** SWIFT MT940: :61: is a booking (date YYMMDD, optional entry date, C or D, amount with a comma), :86: its words. */
export function readMt940(text: string): Omit<ReadStatement, 'encoding'> {
  const lines: UnkeyedLine[] = [];
  const skipped: { at: number; why: SkipReason }[] = [];
  const fields = text.replace(/\r\n?/g, '\n').split(/\n(?=:\d{2}[A-Z]?:)/);
  let lineNo = 1;
  let last: UnkeyedLine | null = null;
  for (const field of fields) {
    const at = lineNo;
    lineNo += field.split('\n').length;
    const tag = /^:(\d{2}[A-Z]?):([\s\S]*)$/.exec(field.trim());
    if (!tag) continue;
    if (tag[1] === '61') {
      // The amount has a decimal comma, written or not ("C500NTRF" is 500,00: some banks leave it out).
      const booking = /^(\d{2})(\d{2})(\d{2})(\d{4})?(R?[CD])[A-Z]?(\d+(?:,\d{0,2})?)/.exec(tag[2]!.trim());
      last = null;
      if (!booking) {
        skipped.push({ at, why: 'booking' });
        continue;
      }
      const amount = parseAmount(booking[6]!, ',');
      if (amount === null) {
        skipped.push({ at, why: 'amount' });
        continue;
      }
      // Money in: a credit, or a debit reversed (RD: a direct debit returned); RC takes a credit back.
      if (booking[5] !== 'C' && booking[5] !== 'RD') continue;
      const rest = tag[2]!.slice(booking[0].length).replace(/\s+/g, ' ').trim();
      last = {
        at,
        date: `20${booking[1]}-${booking[2]}-${booking[3]}`,
        amountMinor: amount,
        text: rest,
        references: [],
        raw: `mt940|${tag[2]!}`,
      };
      lines.push(last);
    } else if (tag[1] === '86' && last) {
      // Structured (?20 … ?29 purpose, ?32/?33 name) or free text: the words are what matters here.
      last.text = `${tag[2]!.replace(/\?\d{2}/g, ' ')} ${last.text}`.replace(/\s+/g, ' ').trim().slice(0, 500);
      last.raw += `|${tag[2]!}`;
      last.references = referencesIn(last.text);
      last = null;
    }
  }
  for (const line of lines) if (line.references.length === 0) line.references = referencesIn(line.text);
  return { format: 'mt940', lines: keyed(lines), skipped };
}
