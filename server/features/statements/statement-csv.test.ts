import { describe, expect, it } from 'vitest';
import {
  csvDocument, csvField, csvLine, statementCsv, statementCsvFileName, textCell, type StatementView,
} from './statement-csv';

describe('csvField (RFC 4180)', () => {
  it('leaves a cell without a comma, quote, CR or LF as it is', () => {
    expect(csvField('Kumar Kirana')).toBe('Kumar Kirana');
    expect(csvField('')).toBe('');
    expect(csvField('1234.50')).toBe('1234.50');
    expect(csvField("it's; fine\ttoo")).toBe("it's; fine\ttoo");
  });

  it('quotes a cell with a comma, a quote, a CR or an LF, doubling each quote', () => {
    expect(csvField('Rice, 5 kg')).toBe('"Rice, 5 kg"');
    expect(csvField('the "Sona" rice')).toBe('"the ""Sona"" rice"');
    expect(csvField('"')).toBe('""""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('cr\ronly')).toBe('"cr\ronly"');
  });
});

describe('textCell (formula injection)', () => {
  it.each(['=1+1', '+91 98765', '-10% off', '@SUM(A1)', '\tTab', '\rReturn', '=HYPERLINK("http://x","y")'])(
    'puts an apostrophe before %j, which a spreadsheet would run', (text) => {
      expect(textCell(text)).toBe(`'${text}`);
    });

  it.each(['Asha Verma', '', ' =1+1', "'quoted", 'a=b', '5+5', 'क्षत्रिय', 'தமிழ்செல்வி', '\nLF first'])(
    'leaves %j as it is', (text) => {
      expect(textCell(text)).toBe(text);
    });

  it('is quoted after the apostrophe when it needs quoting', () => {
    expect(csvField(textCell('=HYPERLINK("http://x","y")'))).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe('csvDocument', () => {
  it('begins with a UTF-8 byte-order mark and ends every line with CRLF, never a bare LF', () => {
    const text = csvDocument([['a', 'b'], ['c', 'two\nlines']]);
    const bytes = Buffer.from(text, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe('\uFEFFa,b\r\nc,"two\nlines"\r\n');
    expect(csvLine(['x', 'y,z'])).toBe('x,"y,z"\r\n');
  });

  it('writes Devanagari and Tamil as UTF-8', () => {
    const bytes = Buffer.from(csvDocument([['क्षत्रिय', 'தமிழ்செல்வி']]), 'utf8');
    expect(bytes.toString('utf8')).toBe('\uFEFFक्षत्रिय,தமிழ்செல்வி\r\n');
    expect(bytes.includes(Buffer.from('क्षत्रिय', 'utf8'))).toBe(true);
  });
});

const statement: StatementView = {
  accountId: '0193a0c0-0000-7000-8000-000000000001',
  businessId: '0193a0c0-0000-7000-8000-000000000002',
  businessName: 'Kumar, "Kirana"',
  customerName: 'क्षत्रिय',
  from: '2026-11-01',
  to: '2026-11-30',
  openingOwed: '52.00',
  closingOwed: '1025.39',
  rows: [
    {
      id: 'a', createdAt: '2026-10-31T18:30:00.000Z', date: '2026-11-01 00:00', type: 'payment',
      description: '@lunch, "thali"', amount: '200.00', fee: '4.00', total: '204.00', owedAfter: '256.00',
    },
    {
      id: 'b', createdAt: '2026-11-20T12:00:00.000Z', date: '2026-11-20 17:30', type: 'repayment',
      description: null, amount: '500.00', fee: '0.00', total: '500.00', owedAfter: '-244.00',
    },
    {
      id: 'c', createdAt: '2026-11-21T12:00:00.000Z', date: '2026-11-21 17:30', type: 'adjustment',
      description: 'Correction', amount: '1269.39', fee: '0.00', total: '1269.39', owedAfter: '1025.39',
    },
  ],
  totals: { payments: 1, paymentAmount: '200.00', fees: '4.00', paymentTotal: '204.00', repayments: 1, repaymentAmount: '500.00' },
};

describe('statementCsv', () => {
  it('writes the header, the opening line, each row, the totals, the closing line; amounts never prefixed', () => {
    expect(statementCsv(statement)).toBe([
      '\uFEFFDate,Type,Description,Amount,Fee,Total,Owed after',
      '2026-11-01 00:00,Opening,"क्षत्रिय at Kumar, ""Kirana"": amount owed at the start",,,,52.00',
      '2026-11-01 00:00,Payment,"\'@lunch, ""thali""",200.00,4.00,204.00,256.00',
      '2026-11-20 17:30,Repayment,,500.00,0.00,500.00,-244.00',
      '2026-11-21 17:30,Adjustment,Correction,1269.39,0.00,1269.39,1025.39',
      '2026-11-30 23:59,Total payments,1 payment,200.00,4.00,204.00,',
      '2026-11-30 23:59,Total repayments,1 repayment,500.00,0.00,500.00,',
      '2026-11-30 23:59,Closing,Amount owed at the end,,,,1025.39',
      '',
    ].join('\r\n'));
  });

  it('prefixes the opening description when the customer\'s name begins like a formula', () => {
    const evil = statementCsv({ ...statement, customerName: '=HYPERLINK("http://x","y")', businessName: 'Kumar Kirana' });
    expect(evil.split('\r\n')[1]).toBe(
      '2026-11-01 00:00,Opening,"\'=HYPERLINK(""http://x"",""y"") at Kumar Kirana: amount owed at the start",,,,52.00');
  });

  it('counts in the plural and writes a statement without rows', () => {
    const empty = statementCsv({
      ...statement, rows: [], closingOwed: '52.00',
      totals: { payments: 0, paymentAmount: '0.00', fees: '0.00', paymentTotal: '0.00', repayments: 2, repaymentAmount: '0.00' },
    });
    expect(empty.split('\r\n').slice(2)).toEqual([
      '2026-11-30 23:59,Total payments,0 payments,0.00,0.00,0.00,',
      '2026-11-30 23:59,Total repayments,2 repayments,0.00,0.00,0.00,',
      '2026-11-30 23:59,Closing,Amount owed at the end,,,,52.00',
      '',
    ]);
  });

  it('names the file from the range, in ASCII', () => {
    expect(statementCsvFileName(statement)).toBe('khata-statement-2026-11-01-to-2026-11-30.csv');
  });
});
