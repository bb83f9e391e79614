import { describe, expect, it } from 'vitest';
import { NPI_FORMAT_MESSAGE, computeNpiCheckDigit, isValidNpi, npiRecordSchema, npiSchema, toNpiSearchItem, type NpiRecord } from './npi';

const withCheckDigit = (first9: string) => `${first9}${computeNpiCheckDigit(first9)}`;

describe('isValidNpi', () => {
  it('accepts the CMS example NPI and rejects it with a wrong check digit', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
  });

  it.each(['123456789', '12345678931', '123456789a', 'abcdefghij', '', ' 1234567893', '1234567893 ', '1234-67893', '１２３４５６７８９３'])(
    'rejects %j',
    (value) => {
      expect(isValidNpi(value)).toBe(false);
    },
  );

  it('rejects non-strings', () => {
    expect(isValidNpi(1234567893)).toBe(false);
    expect(isValidNpi(null)).toBe(false);
    expect(isValidNpi(undefined)).toBe(false);
  });

  it('accepts exactly one check digit for any nine-digit prefix', () => {
    for (const first9 of ['123456789', '100000000', '199999999', '276543210', '154872039', '000000000']) {
      const valid = Array.from({ length: 10 }, (_, d) => `${first9}${d}`).filter(isValidNpi);
      expect(valid).toEqual([withCheckDigit(first9)]);
    }
  });
});

describe('computeNpiCheckDigit', () => {
  it('computes the documented check digit', () => {
    expect(computeNpiCheckDigit('123456789')).toBe(3);
  });

  it('generates real-looking valid NPIs', () => {
    for (const first9 of ['148729503', '160938271', '175302864', '188207453', '102938475', '211223344']) {
      const npi = withCheckDigit(first9);
      expect(npi).toMatch(/^\d{10}$/);
      expect(isValidNpi(npi)).toBe(true);
      // Changing any single digit must break the checksum.
      const last = Number(npi[9]);
      expect(isValidNpi(`${first9}${(last + 1) % 10}`)).toBe(false);
    }
  });

  it('refuses anything but nine digits', () => {
    expect(() => computeNpiCheckDigit('12345678')).toThrow();
    expect(() => computeNpiCheckDigit('1234567890')).toThrow();
    expect(() => computeNpiCheckDigit('12345678x')).toThrow();
  });
});

describe('npiSchema', () => {
  it('trims and accepts a valid NPI', () => {
    expect(npiSchema.parse('  1234567893 ')).toBe('1234567893');
  });

  it.each(['1234567890', '123456789', '12345678901', 'abcdefghij', '', '12345 7893'])('rejects %j with the one spec message', (value) => {
    const result = npiSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([NPI_FORMAT_MESSAGE]);
  });

  it('uses the same message when the value is not a string', () => {
    const result = npiSchema.safeParse(1234567893);
    expect(result.error?.issues[0]?.message).toBe(NPI_FORMAT_MESSAGE);
  });
});

describe('NPI record and search item', () => {
  const record: NpiRecord = {
    npi_number: '1234567893',
    first_name: 'ANA',
    last_name: 'REYES',
    middle_name: 'L',
    name_prefix: null,
    name_suffix: null,
    credential: 'MD',
    gender: 'F',
    enumeration_date: '2007-07-09',
    last_updated: '2021-04-06',
    status: 'active',
    primary_address: {
      address_1: '251 E HURON ST',
      address_2: null,
      city: 'CHICAGO',
      state: 'IL',
      postal_code: '606114418',
      country_code: 'US',
      telephone_number: '312-555-0100',
      fax_number: null,
    },
    primary_taxonomy: { code: '207RC0000X', desc: 'Internal Medicine, Cardiovascular Disease', state: 'IL', license: '036123456', primary: true },
    licenses: [
      { license_number: '036123456', state: 'IL', taxonomy_code: '207RC0000X', taxonomy_desc: 'Internal Medicine, Cardiovascular Disease', status: 'active' },
    ],
    specialties: [{ name: 'Internal Medicine, Cardiovascular Disease', code: '207RC0000X', is_primary: true }],
    credentials: [{ type: 'degree', value: 'MD', verified: true }],
    taxonomies: [
      { code: '207RC0000X', desc: 'Internal Medicine, Cardiovascular Disease', primary: true, state: 'IL', license: '036123456', taxonomy_group: '' },
    ],
  };

  it('validates a complete record and requires the names', () => {
    expect(npiRecordSchema.parse(record)).toEqual(record);
    const nameless = npiRecordSchema.safeParse({ ...record, first_name: '', last_name: '' });
    expect(nameless.error?.issues.map((issue) => issue.message)).toEqual(['First name is required', 'Last name is required']);
  });

  it('derives the search item with an empty middle name and "city, state"', () => {
    expect(toNpiSearchItem(record)).toEqual({
      npi: '1234567893',
      name: 'ANA REYES',
      first_name: 'ANA',
      last_name: 'REYES',
      middle_name: '',
      credential: 'MD',
      specialty: 'Internal Medicine, Cardiovascular Disease',
      address: 'CHICAGO, IL',
      raw_data: record,
    });
  });

  it("says 'Unknown' without an address and blanks a missing credential", () => {
    const item = toNpiSearchItem({ ...record, primary_address: null, credential: null, credentials: [], primary_taxonomy: null });
    expect(item.address).toBe('Unknown');
    expect(item.credential).toBe('');
    expect(item.specialty).toBe('');
  });
});
