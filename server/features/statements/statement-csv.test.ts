import { describe, expect, it } from 'vitest';
import { csvDocument, csvLine, figureCell, textCell } from '../../csv';
import { statementCsv, type StatementView } from './statement-csv';

describe('textCell (RFC 4180 quoting)', () => {
  it('quotes every text, with or without a comma, quote, CR or LF', () => {
    expect(textCell('Kumar Kirana')).toBe('"Kumar Kirana"');
    expect(textCell('')).toBe('""');
    expect(textCell('1 payment')).toBe('"1 payment"');
    expect(textCell("it's fine\ttoo")).toBe('"it\'s fine\ttoo"');
  });

  it('doubles each quote and keeps a comma, CR or LF inside the quotes', () => {
    expect(textCell('Rice, 5 kg')).toBe('"Rice, 5 kg"');
    expect(textCell('the "Sona" rice')).toBe('"the ""Sona"" rice"');
    expect(textCell('"')).toBe('""""');
    expect(textCell('two\nlines')).toBe('"two\nlines"');
    expect(textCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(textCell('cr\ronly')).toBe('"cr\ronly"');
  });
});

describe('textCell (formula injection)', () => {
  it.each(['=1+1', '+91 98765', '-10% off', '@SUM(A1)', '\tTab', '\rReturn'])(
    'puts an apostrophe before %j, which a spreadsheet would run', (text) => {
      expect(textCell(text)).toBe(`"'${text}"`);
    });

  it.each(['Asha Verma', '', "'quoted", 'a=b', '5+5', 'क्षत्रिय', 'தமிழ்செல்வி', '\nLF first', 'Rice; 5 kg', 'a-b+c@d', 'Ravi - Kirana'])(
    'leaves %j as it is, only quoted', (text) => {
      expect(textCell(text)).toBe(`"${text}"`);
    });

  // A spreadsheet that trims its cells would run these; one that does not shows the apostrophe.
  it.each([[' =1+1', `" '=1+1"`], ['x; -1', `"x; '-1"`]])(
    'puts the apostrophe after the spaces that begin a cell in %j', (text, written) => {
      expect(textCell(text)).toBe(written);
    });

  it('puts the apostrophe before a formula after a ; , tab, CR, LF or quote, where a spreadsheet may begin a cell', () => {
    expect(textCell('Ravi;=1+1;')).toBe(`"Ravi;'=1+1;"`);
    expect(textCell('Ravi; =1+1')).toBe(`"Ravi; '=1+1"`);
    expect(textCell(' \u00A0+91 98765')).toBe(`" \u00A0'+91 98765"`);
    expect(textCell('x;=2+3;')).toBe(`"x;'=2+3;"`);
    expect(textCell('a,+1;-2\t@3\r=4\n=5')).toBe(`"a,'+1;'-2\t'@3\r'=4\n'=5"`);
    expect(textCell(';;=1')).toBe(`";;'=1"`);
    expect(textCell('=1;=2')).toBe(`"'=1;'=2"`);
    expect(textCell('Ravi;"=1+1"')).toBe(`"Ravi;""'=1+1"""`);
  });

  it('quotes after the apostrophe, doubling the quotes', () => {
    expect(textCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});

describe('figureCell', () => {
  it('writes an amount or a blank as it is, never quoted or prefixed', () => {
    for (const figure of ['1234.50', '-244.00', '0.00', '52', '']) expect(figureCell(figure)).toBe(figure);
  });

  it('refuses anything else, as a bug', () => {
    for (const text of ['=1+1', '1,234.50', '₹5.00', '"5"', '-', '5.']) {
      expect(() => figureCell(text), text).toThrow('Assertion failed: a CSV figure is a plain number');
    }
  });
});

describe('csvDocument', () => {
  it('begins with a UTF-8 byte-order mark and ends every line with CRLF, never a bare LF', () => {
    const text = csvDocument([[textCell('a'), figureCell('1.00')], [textCell('c'), textCell('two\nlines')]]);
    const bytes = Buffer.from(text, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe('\uFEFF"a",1.00\r\n"c","two\nlines"\r\n');
    expect(csvLine([textCell('x'), textCell('y,z')])).toBe('"x","y,z"\r\n');
  });

  it('writes Devanagari and Tamil as UTF-8', () => {
    const bytes = Buffer.from(csvDocument([[textCell('क्षत्रिय'), textCell('தமிழ்செல்வி')]]), 'utf8');
    expect(bytes.toString('utf8')).toBe('\uFEFF"क्षत्रिय","தமிழ்செல்வி"\r\n');
    expect(bytes.includes(Buffer.from('क्षत्रिय', 'utf8'))).toBe(true);
  });
});

/** A row's follow-up fields when nothing became of it (no refund, no reversal), approved with the PIN. */
const nothingSince = {
  refunded: '0.00', refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, bySmsCode: false, by: null,
};
const noRefunds = { refunds: 0, refundAmount: '0.00', refundFees: '0.00', refundTotal: '0.00', reversals: 0, reversalAmount: '0.00' };

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
      description: '@lunch, "thali"', amount: '200.00', fee: '4.00', total: '204.00', owedAfter: '256.00', ...nothingSince,
    },
    {
      id: 'b', createdAt: '2026-11-20T12:00:00.000Z', date: '2026-11-20 17:30', type: 'repayment',
      description: null, amount: '500.00', fee: '0.00', total: '500.00', owedAfter: '-244.00', ...nothingSince,
      by: { name: 'Ravi', role: 'cashier' },
    },
    {
      id: 'c', createdAt: '2026-11-21T12:00:00.000Z', date: '2026-11-21 17:30', type: 'adjustment',
      description: 'Correction', amount: '1269.39', fee: '0.00', total: '1269.39', owedAfter: '1025.39', ...nothingSince,
    },
  ],
  totals: {
    payments: 1, paymentAmount: '200.00', fees: '4.00', paymentTotal: '204.00', repayments: 1, repaymentAmount: '500.00',
    refunds: 1, refundAmount: '100.00', refundFees: '2.00', refundTotal: '102.00', reversals: 2, reversalAmount: '300.00',
  },
};

describe('statementCsv', () => {
  it('writes the header, the opening line, each row, the totals, the closing line; texts quoted, amounts never prefixed', () => {
    expect(statementCsv(statement)).toBe([
      '\uFEFF"Date","Type","Description","Amount","Fee","Total","Owed after"',
      '"2026-11-01 00:00","Opening","क्षत्रिय at Kumar, ""Kirana"": amount owed at the start",,,,52.00',
      `"2026-11-01 00:00","Payment","'@lunch, ""thali""",200.00,4.00,204.00,256.00`,
      '"2026-11-20 17:30","Repayment","",500.00,0.00,500.00,-244.00',
      '"2026-11-21 17:30","Adjustment","Correction",1269.39,0.00,1269.39,1025.39',
      '"2026-11-30 23:59","Total payments","1 payment",200.00,4.00,204.00,',
      '"2026-11-30 23:59","Total repayments","1 repayment",500.00,0.00,500.00,',
      '"2026-11-30 23:59","Total refunds","1 refund",100.00,2.00,102.00,',
      '"2026-11-30 23:59","Total reversals","2 reversals",300.00,0.00,300.00,',
      '"2026-11-30 23:59","Closing","Amount owed at the end",,,,1025.39',
      '',
    ].join('\r\n'));
  });

  it('gives the shop\'s copy a By column after the description: who wrote each row, blank elsewhere', () => {
    expect(statementCsv(statement, 'merchant')).toBe([
      '\uFEFF"Date","Type","Description","By","Amount","Fee","Total","Owed after"',
      '"2026-11-01 00:00","Opening","क्षत्रिय at Kumar, ""Kirana"": amount owed at the start","",,,,52.00',
      `"2026-11-01 00:00","Payment","'@lunch, ""thali""","",200.00,4.00,204.00,256.00`,
      '"2026-11-20 17:30","Repayment","","Ravi (Cashier)",500.00,0.00,500.00,-244.00',
      '"2026-11-21 17:30","Adjustment","Correction","",1269.39,0.00,1269.39,1025.39',
      '"2026-11-30 23:59","Total payments","1 payment","",200.00,4.00,204.00,',
      '"2026-11-30 23:59","Total repayments","1 repayment","",500.00,0.00,500.00,',
      '"2026-11-30 23:59","Total refunds","1 refund","",100.00,2.00,102.00,',
      '"2026-11-30 23:59","Total reversals","2 reversals","",300.00,0.00,300.00,',
      '"2026-11-30 23:59","Closing","Amount owed at the end","",,,,1025.39',
      '',
    ].join('\r\n'));
  });

  it('keeps a person\'s name that begins like a formula from running on the shop\'s copy', () => {
    const evil = statementCsv({
      ...statement, rows: [{ ...statement.rows[1]!, by: { name: '=cmd|"/c calc"!A1', role: 'manager' } }],
    }, 'merchant');
    expect(evil.split('\r\n')[2]).toBe(`"2026-11-20 17:30","Repayment","","'=cmd|""/c calc""!A1 (Manager)",500.00,0.00,500.00,-244.00`);
  });

  it('prefixes the opening description when the customer\'s name begins like a formula', () => {
    const evil = statementCsv({ ...statement, customerName: '=HYPERLINK("http://x","y")', businessName: 'Kumar Kirana' });
    expect(evil.split('\r\n')[1]).toBe(
      `"2026-11-01 00:00","Opening","'=HYPERLINK(""http://x"",""y"") at Kumar Kirana: amount owed at the start",,,,52.00`);
  });

  // Quoting alone does not do it; a spreadsheet set to ; splits inside the quotes.
  it('gives a spreadsheet that splits on ; no formula for a customer named Ravi;=1+1; or a code described x;=2+3;', () => {
    const evil = statementCsv({
      ...statement, customerName: 'Ravi;=1+1;', businessName: 'Kumar Kirana', rows: [{ ...statement.rows[0]!, description: 'x;=2+3;' }],
    });
    expect(evil.split('\r\n').slice(1, 3)).toEqual([
      `"2026-11-01 00:00","Opening","Ravi;'=1+1; at Kumar Kirana: amount owed at the start",,,,52.00`,
      `"2026-11-01 00:00","Payment","x;'=2+3;",200.00,4.00,204.00,256.00`,
    ]);
    // Each separator a spreadsheet may be set to, splitting with no regard for quotes; a
    // cell's leading quotes are taken off as a reader that honours them would.
    for (const separator of [';', ',', '\t']) {
      const cells = evil.replace('\uFEFF', '').split(/\r\n|\n|\r/).flatMap((row) => row.split(separator))
        .map((cell) => cell.replace(/^"+/, ''));
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell)), `cells after splitting on ${JSON.stringify(separator)}`).toEqual([]);
    }
  });

  it('names a refund and a reversal, their reason quoted and kept from running as any text', () => {
    const lines = statementCsv({
      ...statement,
      rows: [
        {
          id: 'd', createdAt: '2026-11-22T12:00:00.000Z', date: '2026-11-22 17:30', type: 'refund',
          description: '-1 bag, "torn"', amount: '100.00', fee: '2.00', total: '102.00', owedAfter: '923.39', ...nothingSince,
        },
        {
          id: 'e', createdAt: '2026-11-23T12:00:00.000Z', date: '2026-11-23 17:30', type: 'reversal',
          description: 'Counted twice', amount: '500.00', fee: '0.00', total: '500.00', owedAfter: '1423.39', ...nothingSince,
        },
      ],
    }).split('\r\n');
    expect(lines.slice(2, 4)).toEqual([
      `"2026-11-22 17:30","Refund","'-1 bag, ""torn""",100.00,2.00,102.00,923.39`,
      '"2026-11-23 17:30","Reversal","Counted twice",500.00,0.00,500.00,1423.39',
    ]);
  });

  it('marks a payment approved by SMS code after its note, or alone without one; a PIN payment stays as it is', () => {
    const bySmsCode = { ...nothingSince, bySmsCode: true };
    const lines = statementCsv({
      ...statement,
      rows: [
        {
          id: 'f', createdAt: '2026-11-24T12:00:00.000Z', date: '2026-11-24 17:30', type: 'payment',
          description: 'Rice, 5 kg', amount: '300.00', fee: '6.00', total: '306.00', owedAfter: '306.00', ...bySmsCode,
        },
        {
          id: 'g', createdAt: '2026-11-25T12:00:00.000Z', date: '2026-11-25 17:30', type: 'payment',
          description: null, amount: '100.00', fee: '2.00', total: '102.00', owedAfter: '408.00', ...bySmsCode,
        },
        {
          id: 'h', createdAt: '2026-11-26T12:00:00.000Z', date: '2026-11-26 17:30', type: 'payment',
          description: '=Tea', amount: '10.00', fee: '0.20', total: '10.20', owedAfter: '418.20', ...bySmsCode,
        },
        {
          id: 'i', createdAt: '2026-11-27T12:00:00.000Z', date: '2026-11-27 17:30', type: 'payment',
          description: null, amount: '10.00', fee: '0.20', total: '10.20', owedAfter: '428.40', ...nothingSince,
        },
      ],
    }).split('\r\n');
    expect(lines.slice(2, 6)).toEqual([
      '"2026-11-24 17:30","Payment","Rice, 5 kg (Approved by SMS code)",300.00,6.00,306.00,306.00',
      '"2026-11-25 17:30","Payment","Approved by SMS code",100.00,2.00,102.00,408.00',
      `"2026-11-26 17:30","Payment","'=Tea (Approved by SMS code)",10.00,0.20,10.20,418.20`,
      '"2026-11-27 17:30","Payment","",10.00,0.20,10.20,428.40',
    ]);
  });

  it('counts in the plural and writes a statement without rows', () => {
    const empty = statementCsv({
      ...statement, rows: [], closingOwed: '52.00',
      totals: { payments: 0, paymentAmount: '0.00', fees: '0.00', paymentTotal: '0.00', repayments: 2, repaymentAmount: '0.00', ...noRefunds },
    });
    expect(empty.split('\r\n').slice(2)).toEqual([
      '"2026-11-30 23:59","Total payments","0 payments",0.00,0.00,0.00,',
      '"2026-11-30 23:59","Total repayments","2 repayments",0.00,0.00,0.00,',
      '"2026-11-30 23:59","Total refunds","0 refunds",0.00,0.00,0.00,',
      '"2026-11-30 23:59","Total reversals","0 reversals",0.00,0.00,0.00,',
      '"2026-11-30 23:59","Closing","Amount owed at the end",,,,52.00',
      '',
    ]);
  });
});
