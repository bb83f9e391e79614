import { describe, expect, it } from 'vitest';
import { caseRegistryName, initialsOf, splitCredentials, splitProviderName } from './names';

describe('splitProviderName', () => {
  it.each([
    ['Jane Smith, MD', { fullName: 'Jane Smith', firstName: 'Jane', lastName: 'Smith', credentials: ['MD'] }],
    ['Dr. Jane Q. Smith M.D., Ph.D.', { fullName: 'Jane Q. Smith', firstName: 'Jane', lastName: 'Smith', credentials: ['M.D.', 'Ph.D.'] }],
    ['Alex Rivera RN', { fullName: 'Alex Rivera', firstName: 'Alex', lastName: 'Rivera', credentials: ['RN'] }],
    ['Maria de la Cruz DO FACP', { fullName: 'Maria de la Cruz', firstName: 'Maria', lastName: 'Cruz', credentials: ['DO', 'FACP'] }],
    ['Madonna', { fullName: 'Madonna', firstName: 'Madonna', lastName: '', credentials: [] }],
    ['  Sam   Lee  ', { fullName: 'Sam Lee', firstName: 'Sam', lastName: 'Lee', credentials: [] }],
  ])('%s', (input, expected) => {
    expect(splitProviderName(input)).toEqual(expected);
  });

  it('never strips a name down to nothing', () => {
    expect(splitProviderName('MD').fullName).toBe('MD');
  });
});

describe('registry names and credentials', () => {
  it('keeps a generational suffix in the full name, not as a credential or the last name', () => {
    expect(splitProviderName('John L. Kane Jr., MD')).toEqual({ fullName: 'John L. Kane Jr.', firstName: 'John', lastName: 'Kane', credentials: ['MD'] });
    expect(splitProviderName('Ray Ortiz III')).toMatchObject({ fullName: 'Ray Ortiz III', lastName: 'Ortiz', credentials: [] });
  });

  it('cases capitals as people write them, Mc, Mac, O’ and hyphens included, and keeps mixed case', () => {
    expect(['MCCRANIE', 'MACDONALD', 'MACHADO', "O'NEIL-SMITH", 'NARVAEZ-MEZA', 'HODGE SPEARS', 'McDonald', 'deVries'].map(caseRegistryName)).toEqual([
      'McCranie',
      'MacDonald',
      'Machado',
      "O'Neil-Smith",
      'Narvaez-Meza',
      'Hodge Spears',
      'McDonald',
      'deVries',
    ]);
  });

  it('splits one credential field on commas and spaces, not inside "M.D."', () => {
    expect(splitCredentials('RN LPN')).toEqual(['RN', 'LPN']);
    expect(splitCredentials('MA LPC SCL NCC')).toEqual(['MA', 'LPC', 'SCL', 'NCC']);
    expect(splitCredentials('M.A. BCBA')).toEqual(['M.A.', 'BCBA']);
    expect(splitCredentials('M.D., PH.D.')).toEqual(['M.D.', 'PH.D.']);
    expect(splitCredentials(null)).toEqual([]);
  });

  it('joins one credential typed with a space inside, by the credential vocabulary, and keeps several apart', () => {
    expect(splitCredentials('M. D.')).toEqual(['MD']);
    expect(splitCredentials('Pharm D')).toEqual(['PharmD']);
    expect(splitCredentials('L. Ac.')).toEqual(['LAc']);
    expect(splitCredentials('PH. D., M. P. H.')).toEqual(['PhD', 'MPH']);
    expect(splitCredentials('RN LPN')).toEqual(['RN', 'LPN']);
    expect(splitCredentials('MA, LPC')).toEqual(['MA', 'LPC']);
    expect(splitCredentials('OTR/L')).toEqual(['OTR/L']);
    expect(splitCredentials('DC PC')).toEqual(['DC', 'PC']);
    expect(splitCredentials('M. D. FACS')).toEqual(['MD', 'FACS']);
    // Pieces that spell nothing known stay as they are written.
    expect(splitCredentials('Q. X.')).toEqual(['Q.', 'X.']);
  });
});

describe('initialsOf', () => {
  it('takes the first and last word, else the fallback, in capitals', () => {
    expect(initialsOf('Robin  de la Joiner')).toBe('RJ');
    expect(initialsOf('pat')).toBe('P');
    expect(initialsOf('  ', 'x@example.org')).toBe('X');
    expect(initialsOf(null)).toBe('?');
  });
});
