/**
 * Bank statements as staff will import them (src/features/payments/model/bankStatement.ts): the formats and encodings banks
 * export, references as payers write them, and files that are not statements or are hostile.
 */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  decodeStatement,
  parseAmount,
  parseCsv,
  readStatement,
  referencesIn,
  statementColumns,
  type ReadStatement,
  type StatementResult,
} from '../../src/features/payments/model/bankStatement';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** What staff read: the error said in English, as the desk says it (`i18n._`). */
const said = (result: StatementResult) => ('error' in result ? { error: i18n._(result.error) } : result);
const read = (
  bytes: Uint8Array,
  ...rest: Parameters<typeof readStatement> extends [unknown, ...infer R] ? R : never
) => {
  const result = readStatement(bytes, ...rest);
  if ('error' in result) throw new Error(i18n._(result.error));
  return result;
};
/** Each line's amount, and which of `refs` its words name. */
const money = (statement: ReadStatement, refs = ['K7M4QXPR', '9ZZZ0000']) =>
  statement.lines.map((l) => [l.amountMinor, l.references.filter((r) => refs.includes(r))]);

describe('order references in a payer’s words', () => {
  it('finds them in any case, split or not, with the characters people confuse', () => {
    expect(referencesIn('K7M4-QXPR')).toEqual(['K7M4QXPR']);
    expect(referencesIn('payment k7m4 qxpr thanks')).toEqual(['K7M4QXPR']);
    expect(referencesIn('Order: K7M4QXPR / ann')).toEqual(['K7M4QXPR']);
    // O for 0 and l for 1, as handwriting and phones make them.
    expect(referencesIn('Ref 1OAB lXYZ')).toEqual(['10AB1XYZ']);
    expect(referencesIn('two orders K7M4-QXPR and 9ZZZ 0000')).toEqual(['K7M4QXPR', '9ZZZ0000']);
    // Cut anywhere, by a stray space, a bank's line wrap or an MT940 subfield: up to three pieces with a digit.
    expect(referencesIn('Bestellung K7M 4-QXPR danke')).toContain('K7M4QXPR');
    expect(referencesIn('Bestellung K7 M4Q XPR')).toContain('K7M4QXPR');
    // Ordinary words run together are not read as one: no digit in them.
    expect(referencesIn('GIFT TO THE BAR')).toEqual([]);
  });

  it('reads an MT940 amount written without its decimal comma as whole units', () => {
    const mt940 = [':20:X', ':25:1/2', ':61:2612011201C500NTRFNONREF', ':86:K7M4QXPR', '-'].join('\n');
    expect(read(utf8(mt940)).lines.map((l) => l.amountMinor)).toEqual([50000]);
  });

  it('finds a reference an MT940 statement wrapped over its subfields', () => {
    const mt940 = [
      ':20:STARTUMS',
      ':25:12345678/0012345678',
      ':28C:00001/001',
      ':60F:C261130EUR0,00',
      ':61:2612011201C36,00NTRFNONREF',
      ':86:166?00GUTSCHRIFT?20Bestellung K7M4Q?21XPR vielen Dank?32ANN PARKS',
      ':62F:C261201EUR36,00',
      '-',
    ].join('\r\n');
    expect(read(utf8(mt940)).lines.map((l) => [l.amountMinor, l.references.includes('K7M4QXPR')])).toEqual([
      [3600, true],
    ]);
  });

  it('takes nothing of another length or alphabet, and leaves telling words from references to the matching', () => {
    expect(referencesIn('Invoice 1234567 of 2026, thank you')).toEqual([]);
    expect(referencesIn('')).toEqual([]);
    // An eight-letter word of the alphabet is a candidate: no order has it as its reference, or one in 2^40 does.
    expect(referencesIn('PAYMENTS FROM SMITH')).toEqual(['PAYMENTS']);
  });
});

describe('amounts as banks write them', () => {
  it('reads points, commas, signs, brackets and currency marks into minor units', () => {
    expect(parseAmount('18.00', '.')).toBe(1800);
    expect(parseAmount('£1,234.5', '.')).toBe(123450);
    expect(parseAmount('1.234,56', ',')).toBe(123456);
    // A grouping mark between anything but groups of three digits: no amount, rather than a hundred times one.
    expect(parseAmount('12.50', ',')).toBeNull();
    expect(parseAmount('1,2345.00', '.')).toBeNull();
    expect(parseAmount('12,345,678.9', '.')).toBe(1234567890);
    expect(parseAmount('-18.00', '.')).toBe(-1800);
    expect(parseAmount('(18.00)', '.')).toBe(-1800);
    expect(parseAmount('18 GBP', '.')).toBe(1800);
  });

  it('refuses what is not an amount', () => {
    for (const raw of ['', 'abc', '1.2.3', '18.005', '=1+1']) expect(parseAmount(raw, '.'), raw).toBeNull();
  });
});

describe('a generic CSV', () => {
  const csv = [
    'Date,Description,Amount,Balance',
    '26/11/2026,"K7M4 QXPR, Ann Parks-Smith",18.00,118.00',
    '26/11/2026,Card payment to stationers,-4.50,113.50',
    '27/11/2026,"=HYPERLINK(""http://evil.test"",""9ZZZ-0000"")",12.00,125.50',
    '27/11/2026,no reference at all,25.00,150.50',
  ].join('\r\n');

  it('reads money in with the references its words name; money out is left out; formulas stay text', () => {
    const statement = read(utf8(csv));
    expect(statement).toMatchObject({ format: 'csv', encoding: 'UTF-8', skipped: [] });
    expect(money(statement)).toEqual([
      [1800, ['K7M4QXPR']],
      [1200, ['9ZZZ0000']],
      [2500, []],
    ]);
    expect(statement.lines[0]).toMatchObject({ at: 2, date: '2026-11-26', text: 'K7M4 QXPR, Ann Parks-Smith' });
    expect(statement.lines[1]!.text).toContain('=HYPERLINK');
  });

  it('gives a line the same key in every import, and two identical lines two keys', () => {
    const twice = `${csv}\r\n27/11/2026,no reference at all,25.00,175.50`;
    const first = read(utf8(twice)).lines.map((l) => l.key);
    expect(read(utf8(twice)).lines.map((l) => l.key)).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
  });

  it('finds the table below what the bank writes above it, and leaves out titles and notes within it', () => {
    const file = [
      '"Account Name:","Foo current ****12345"',
      '"Account Balance:","£100.00"',
      '',
      '"Date","Transaction type","Description","Paid out","Paid in","Balance"',
      '"Pending Transactions"',
      '"2026-12-01","Bank credit","K7M4QXPR Ann","","£36.00","£136.00"',
      ',,,,,',
      '"Arranged Overdraft Limit","£0.00"',
    ].join('\n');
    const statement = read(utf8(file));
    expect(statement.lines.map((l) => [l.date, l.amountMinor, l.references])).toEqual([
      ['2026-12-01', 3600, ['K7M4QXPR']],
    ]);
    expect(statement.skipped).toEqual([]);
    // For staff to name columns the reading does not know, the table's first row, not the account's name.
    expect(statementColumns(utf8('Konto;123\n\nx;y;z\n2026-11-26;K7M4QXPR;18,00\n'))).toEqual(['x', 'y', 'z']);
  });

  it('reads dates in the order the whole column shows, asks when it cannot tell, and never swaps day and month', () => {
    const dates = (cells: string[]) =>
      `Date,Reference,Amount\n${cells.map((c) => `"${c}",K7M4QXPR,18.00`).join('\n')}\n`;
    const read1 = (cells: string[], mapping?: Parameters<typeof readStatement>[1]) =>
      read(utf8(dates(cells)), mapping).lines.map((l) => l.date);
    expect(read1(['03/04/2026', '28/04/2026'])).toEqual(['2026-04-03', '2026-04-28']);
    expect(read1(['03/04/2026', '04/28/2026'])).toEqual(['2026-03-04', '2026-04-28']);
    // Dots are written day first; two-digit years are this century's; names of months in English and German.
    expect(read1(['03.04.26'])).toEqual(['2026-04-03']);
    expect(read1(['13 Jun 2025', '10-Feb-19', '1. Mär 2026', 'Jun 3, 2025'])).toEqual([
      '2025-06-13',
      '2019-02-10',
      '2026-03-01',
      '2025-06-03',
    ]);
    expect(read1(['2018-02-25 12:34:56 +0000', '05/05/2026'])).toEqual(['2018-02-25', '2026-05-05']);
    // "03/04/2026" alone: the 3rd of April or the 4th of March. Staff are asked, with the columns as far as told.
    const asked = readStatement(utf8(dates(['03/04/2026', '11/12/2026'])));
    expect(said(asked)).toEqual({ error: expect.stringContaining('the day or the month first') });
    const mapping = 'error' in asked ? asked.mapping! : null!;
    expect(mapping).toMatchObject({ date: 0, amount: 1 + 1, text: [1] });
    expect(read1(['03/04/2026'], { ...mapping, dateOrder: 'month-first' })).toEqual(['2026-03-04']);
    expect(read1(['03/04/2026'], { ...mapping, dateOrder: 'day-first' })).toEqual(['2026-04-03']);
    // A choice the dates contradict is refused, as is a column that says both.
    expect(said(readStatement(utf8(dates(['28/04/2026'])), { ...mapping, dateOrder: 'month-first' }))).toEqual({
      error: 'The dates in this file have the day first: choose it below.',
    });
    expect(said(readStatement(utf8(dates(['28/04/2026', '04/28/2026']))))).toMatchObject({
      error: expect.stringContaining('the day or the month first'),
    });
  });

  it("keeps a line's key whatever the reading makes of it, as a reader that reads better later would", () => {
    // The same file read two ways: its words from one column or from two.
    const file = utf8('Date,Reference,Name,Amount\n03.12.25,K7M4QXPR,Ann Parks,"12,50"\n');
    const narrow = read(file, { date: 0, amount: 3, text: [1], decimal: ',', header: true }).lines[0]!;
    const wide = read(file, { date: 0, amount: 3, text: [1, 2], decimal: ',', header: true }).lines[0]!;
    expect(wide.key).toBe(narrow.key);
    // The key of a line read before keys were made of the line as written is still there to be found.
    expect(wide.readingKey).not.toBe(narrow.readingKey);
    expect(narrow.readingKey).toBe('2025-12-03|1250|K7M4QXPR|0');
  });

  it("takes the decimal mark from the amounts, never from the header's language, and asks when they cannot tell", () => {
    const amounts = (cells: string[]) =>
      `Date,Reference,Amount\n${cells.map((c) => `2026-12-01,K7M4QXPR,"${c}"`).join('\n')}\n`;
    const minor = (cells: string[]) => read(utf8(amounts(cells))).lines.map((l) => l.amountMinor);
    // English words, decimal commas: twelve pounds fifty, not 1,250.
    expect(minor(['12,50', '1.250,00'])).toEqual([1250, 125000]);
    expect(minor(['12.5', '1,250.00'])).toEqual([1250, 125000]);
    expect(minor(['1.234.567'])).toEqual([123456700]);
    expect(minor(['18', '-5'])).toEqual([1800]);
    // No amount has three decimals: "1,250" groups a thousand. Amounts that say both marks: staff are asked.
    expect(minor(['1,250', '2,000'])).toEqual([125000, 200000]);
    expect(minor(['1.250', '12'])).toEqual([125000, 1200]);
    expect(said(readStatement(utf8(amounts(['12,50', '12.50']))))).toEqual({
      error: expect.stringContaining('decimal point or with a decimal comma'),
    });
    expect(said(readStatement(utf8(amounts(['1,250', '12,50']))))).toEqual({
      error: expect.stringContaining('decimal point or with a decimal comma'),
    });
    // Asked, staff say; a choice the amounts contradict is refused rather than read at a hundred times.
    const mapping = { date: 0, amount: 2, text: [1], header: true };
    const both = utf8(amounts(['12,50', '12.50']));
    expect(read(both, { ...mapping, decimal: ',' }).lines.map((l) => l.amountMinor)).toEqual([1250]);
    expect(said(readStatement(utf8(amounts(['12,50'])), { ...mapping, decimal: '.' }))).toEqual({
      error: 'The amounts in this file are written with a decimal comma: choose it below.',
    });
  });

  it('takes a mapping for columns it cannot name, semicolons and decimal commas', () => {
    const german = 'Buchungstag;Verwendungszweck;Betrag\n26.11.2026;Bestellung k7m4-qxpr;18,00\n';
    expect(money(read(utf8(german)))).toEqual([[1800, ['K7M4QXPR']]]);
    const unnamed = 'x;y;z\n2026-11-26;K7M4QXPR;1.800,00\n';
    expect(said(readStatement(utf8(unnamed)))).toEqual({ error: expect.stringContaining('not a bank statement') });
    const mapped = read(utf8(unnamed), { date: 0, amount: 2, text: [1], decimal: ',', header: true });
    expect(money(mapped)).toEqual([[180000, ['K7M4QXPR']]]);
  });

  it('reads credit and debit in two columns', () => {
    const split = 'Date,Details,Paid out,Paid in\n2026-11-26,K7M4 QXPR,,18.00\n2026-11-26,Rent,500.00,\n';
    expect(money(read(utf8(split)))).toEqual([[1800, ['K7M4QXPR']]]);
  });

  it('reads unsigned amounts by the column that says which way each went, whatever it is called', () => {
    // ING's English export: "Debit/credit" is the direction here, the amount the column beside it.
    const ing =
      'Date,Name / Description,Debit/credit,Amount (EUR)\n' +
      '20261126,K7M4 QXPR,Credit,"18,00"\n20261126,Rent 9ZZZ0000,Debit,"500,00"\n';
    const read1 = read(utf8(ing));
    expect(money(read1)).toEqual([[1800, ['K7M4QXPR']]]);
    expect(read1.lines[0]!.date).toBe('2026-11-26');
    // No header at all: staff name the date, the amount and the words; the direction is found from its cells.
    const bare = '26.11.2026;D;500,00;Rent 9ZZZ0000\n26.11.2026;C;18,00;K7M4QXPR\n';
    const mapping = { date: 0, amount: 2, text: [3], decimal: ',' as const, header: false };
    expect(money(read(utf8(bare), mapping))).toEqual([[1800, ['K7M4QXPR']]]);
    // Nationwide's "Debit/Credit" is a signed amount: with no other amount beside it, it is read as one.
    const signed = 'Date,Description,Debit/Credit\n26/11/2026,K7M4QXPR,£18.00\n26/11/2026,9ZZZ0000,-£500.00\n';
    expect(money(read(utf8(signed)))).toEqual([[1800, ['K7M4QXPR']]]);
    // A column of words that only sometimes says a direction is no direction: every amount stays as written.
    const mixed = 'Date,Type,Details,Amount\n2026-11-26,C,K7M4QXPR,18.00\n2026-11-26,Standing order,9ZZZ0000,500.00\n';
    expect(money(read(utf8(mixed)))).toEqual([
      [1800, ['K7M4QXPR']],
      [50000, ['9ZZZ0000']],
    ]);
  });
});

describe('SWIFT MT940', () => {
  const mt940 = [
    ':20:STMT2611',
    ':25:12345678/0001234567',
    ':28C:00331/001',
    ':60F:C261125EUR1000,00',
    ':61:2611261126CR18,00NTRFNONREF//B6K26',
    ':86:166?00SEPA-GUTSCHRIFT?20EREF+K7M4-QXPR?21Ann Parks-Smith?32PARKS-SMITH ANN',
    ':61:2611261126DR4,50NMSCNONREF',
    ':86:Kartenzahlung',
    ':61:2611271127C12,5NTRFNONREF',
    ':86:Order 9ZZZ 0000',
    ':62F:C261127EUR1026,00',
    '-',
  ].join('\r\n');

  it('reads the credits of a statement with their words, whatever line ends it uses', () => {
    const statement = read(utf8(mt940));
    expect(statement.format).toBe('mt940');
    expect(money(statement)).toEqual([
      [1800, ['K7M4QXPR']],
      [1250, ['9ZZZ0000']],
    ]);
    expect(statement.lines[0]).toMatchObject({ date: '2026-11-26' });
    expect(statement.lines[0]!.text).toContain('Ann Parks-Smith');
  });
});

describe('encodings and files that are not statements', () => {
  it('reads UTF-8 with a BOM, UTF-16 with a BOM and Windows-1252', () => {
    const csv = 'Date,Reference,Amount\n2026-11-26,Zoë K7M4 QXPR,18.00\n';
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(csv)]);
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(new Uint16Array([...csv].map((c) => c.charCodeAt(0))).buffer),
    ]);
    const latin = Uint8Array.from([...csv].map((c) => c.charCodeAt(0)));
    for (const [bytes, encoding] of [
      [withBom, 'UTF-8'],
      [utf16, 'UTF-16LE'],
      [latin, 'Windows-1252'],
    ] as const) {
      expect(decodeStatement(bytes).encoding).toBe(encoding);
      const statement = read(bytes);
      expect(statement.lines[0]!.text).toBe('Zoë K7M4 QXPR');
      expect(statement.lines[0]!.references).toEqual(['K7M4QXPR']);
    }
  });

  it('says so, in words, for a file that is not a statement', () => {
    const notOne = [
      new Uint8Array(),
      utf8('   \n'),
      utf8('<html><body>hello</body></html>'),
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0, 1, 2, 3]),
      utf8('Date,Description,Amount\nyesterday,K7M4QXPR,lots\n'),
    ];
    for (const bytes of notOne) expect(said(readStatement(bytes))).toEqual({ error: expect.any(String) });
  });

  it('reads 100,000 lines, and refuses more without reading them', () => {
    const row = '2026-11-26,K7M4 QXPR,18.00';
    const full = ['Date,Reference,Amount', ...Array.from({ length: 100_000 }, () => row)].join('\n');
    expect(read(utf8(full)).lines).toHaveLength(100_000);
    expect(said(readStatement(utf8(`${full}\n${row}`)))).toEqual({
      error: expect.stringContaining('more than 100,000'),
    });
    // Reading the largest statement twice takes about 3 s on a quiet two-core machine, longer beside other work:
    // what is checked here is that it is read whole, not how fast.
  }, 30_000);

  it('splits CSV as RFC 4180 says: quotes, doubled quotes, line breaks in a cell', () => {
    expect(parseCsv('a,"b ""c"", d","e\nf"\r\n1,2,3')).toEqual([
      ['a', 'b "c", d', 'e\nf'],
      ['1', '2', '3'],
    ]);
  });
});

describe('columns staff name themselves', () => {
  it('offers the first row of a CSV the reading cannot name, and nothing for what is no CSV', () => {
    const csv = utf8('When;What;How much\n20.11.2026;K7M4 QXPR;36,00\n');
    expect(said(readStatement(csv))).toEqual({ error: expect.stringMatching(/^This file is not a bank statement/) });
    expect(statementColumns(csv)).toEqual(['When', 'What', 'How much']);
    const mapped = read(csv, { date: 0, amount: 2, text: [1], decimal: ',', header: true });
    expect(money(mapped)).toEqual([[3600, ['K7M4QXPR']]]);
    expect(statementColumns(utf8('<!doctype html>\n<p>hello</p>'))).toBeNull();
    expect(statementColumns(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBeNull();
    expect(statementColumns(utf8(':20:STMT\n:61:2611201120C36,00NTRFNONREF\n'))).toBeNull();
  });
});
