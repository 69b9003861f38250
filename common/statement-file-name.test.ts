import { describe, expect, it } from 'vitest';
import {
  asciiSlug, asciiStatementFileStem, fileNameOfDisposition, fileNamePartBytesMax, fileNameSlug, statementCsvDisposition, statementFileStem,
} from './statement-file-name';

const range = { from: '2025-03-01', to: '2025-03-12' };
const hindi = { ...range, accountId: '0193a0c0-0000-7000-8000-00009f3a1c07', businessName: 'Kaveri Stores', customerName: 'क्षत्रिय' };
const tamil = { ...range, accountId: '0193a0c0-0000-7000-8000-0000aa55bb66', businessName: 'Kaveri Stores', customerName: 'தமிழ்செல்வி' };

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

describe('statement file names', () => {
  it('name the shop, the customer as written and the range', () => {
    expect(statementFileStem(hindi)).toBe('khata-statement-kaveri-stores-क्षत्रिय-9f3a-1c07-2025-03-01-to-2025-03-12');
    expect(statementFileStem(tamil)).toBe('khata-statement-kaveri-stores-தமிழ்செல்வி-aa55-bb66-2025-03-01-to-2025-03-12');
    expect(statementFileStem({ ...hindi, businessName: 'गुप्ता किराना', customerName: 'Asha Rao' }))
      .toBe('khata-statement-गुप्ता-किराना-asha-rao-9f3a-1c07-2025-03-01-to-2025-03-12');
  });

  it('give two customers of one shop different names, in ASCII too', () => {
    expect(statementFileStem(hindi)).not.toBe(statementFileStem(tamil));
    expect(asciiStatementFileStem(hindi)).toBe('khata-statement-kaveri-stores-customer-9f3a-1c07-2025-03-01-to-2025-03-12');
    expect(asciiStatementFileStem(tamil)).toBe('khata-statement-kaveri-stores-customer-aa55-bb66-2025-03-01-to-2025-03-12');
  });

  it('tell apart two customers of one shop with the same name by their accounts’ short references', () => {
    const asha = { ...hindi, customerName: 'Asha' };
    const otherAsha = { ...tamil, customerName: 'Asha' };
    expect(statementFileStem(asha)).toBe('khata-statement-kaveri-stores-asha-9f3a-1c07-2025-03-01-to-2025-03-12');
    expect(statementFileStem(otherAsha)).toBe('khata-statement-kaveri-stores-asha-aa55-bb66-2025-03-01-to-2025-03-12');
    expect(asciiStatementFileStem(asha)).toBe('khata-statement-kaveri-stores-asha-9f3a-1c07-2025-03-01-to-2025-03-12');
    expect(asciiStatementFileStem(otherAsha)).toBe('khata-statement-kaveri-stores-asha-aa55-bb66-2025-03-01-to-2025-03-12');
  });

  it('keep Devanagari and Tamil vowel signs and joiners, and turn every run of anything else into one hyphen', () => {
    expect(fileNameSlug('  Ravi / Kumar: "Kirana" * ?  ')).toBe('ravi-kumar-kirana');
    expect(fileNameSlug('..\\..\\etc<passwd>|')).toBe('etc-passwd');
    expect(fileNameSlug('श्री गणेश 😀 स्टोर्स')).toBe('श्री-गणेश-स्टोर्स');
    expect(fileNameSlug('ஸ்ரீ முருகன்')).toBe('ஸ்ரீ-முருகன்');
    expect(fileNameSlug('Ravi;=1+1;')).toBe('ravi-1-1');
    expect(fileNameSlug('😀🙏')).toBe('');
    // Two ways to write the same letter are one name.
    expect(fileNameSlug('Jose\u0301')).toBe(fileNameSlug('Jos\u00e9'));
  });

  it('writes ASCII twins without marks, and none for a name in another script', () => {
    expect(asciiSlug('José Ramírez')).toBe('jose-ramirez');
    expect(asciiSlug('Renée')).toBe('renee');
    expect(asciiSlug('क्षत्रिय')).toBe('');
    expect(asciiStatementFileStem({ ...hindi, businessName: 'गुप्ता किराना' })).toBe('khata-statement-shop-customer-9f3a-1c07-2025-03-01-to-2025-03-12');
  });

  it('falls back when a name has no letter or digit at all, never leaving an empty part', () => {
    expect(statementFileStem({ ...hindi, businessName: '***', customerName: '🙏' }))
      .toBe('khata-statement-shop-customer-9f3a-1c07-2025-03-01-to-2025-03-12');
  });

  it('keeps the letters of a name made of symbols alone in their compatibility form', () => {
    // "™" is a symbol, no letter to keep as written, but it decomposes to "TM".
    expect(fileNameSlug('™')).toBe('');
    expect(statementFileStem({ ...hindi, businessName: '™', customerName: '㎏' }))
      .toBe('khata-statement-tm-kg-9f3a-1c07-2025-03-01-to-2025-03-12');
  });

  it('cuts a long name between whole letters, within its bytes', () => {
    const long = 'क्षत्रिय'.repeat(20);
    const slug = fileNameSlug(long);
    expect(utf8Bytes(slug)).toBeLessThanOrEqual(fileNamePartBytesMax);
    expect(long.startsWith(slug)).toBe(true);
    // The cut ends after a whole "य", not inside "क्ष".
    expect(slug.endsWith('य')).toBe(true);
    expect(utf8Bytes(statementFileStem({ ...hindi, businessName: long, customerName: long }) + '.csv')).toBeLessThan(255);
  });

  it('sends both names in the Content-Disposition, and reads back the one written in the names’ own scripts', () => {
    const disposition = statementCsvDisposition(hindi);
    expect(disposition).toBe(
      'attachment; filename="khata-statement-kaveri-stores-customer-9f3a-1c07-2025-03-01-to-2025-03-12.csv"; '
      + `filename*=UTF-8''khata-statement-kaveri-stores-${encodeURIComponent('क्षत्रिय')}-9f3a-1c07-2025-03-01-to-2025-03-12.csv`,
    );
    // A header is ASCII only.
    expect(/^[\x20-\x7e]*$/.test(disposition)).toBe(true);
    expect(fileNameOfDisposition(disposition)).toBe('khata-statement-kaveri-stores-क्षत्रिय-9f3a-1c07-2025-03-01-to-2025-03-12.csv');
    expect(fileNameOfDisposition('attachment; filename="audit-2025-03-01.csv"')).toBe('audit-2025-03-01.csv');
    expect(fileNameOfDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOfDisposition(`attachment; filename="ascii.csv"; filename*=UTF-8''%E0%A4`)).toBe('ascii.csv');
    expect(fileNameOfDisposition('attachment')).toBeNull();
  });
});
