import { describe, expect, it } from 'vitest';
import { applyTransformations, effectiveMappings, languageCodes, mapEntity, readPath, storedMappingErrors, type FieldMapping } from './mapping';

const SITE = '7d2c1f0e-5b4a-4c3d-9e8f-1a2b3c4d5e6f';
const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'zh', name: 'Chinese' },
  { code: 'fa', name: 'Persian' },
];
const lookups = { languages: LANGUAGES, hospitalLocations: [{ id: SITE, yextEntityId: 'loc-1', name: 'Heart Center' }] };

const mapping = (fields: Partial<FieldMapping> & Pick<FieldMapping, 'profileSection' | 'profileField' | 'sourcePath'>): FieldMapping => ({
  fallbackPaths: [],
  defaultValue: null,
  isRequired: false,
  transformationRules: {},
  ...fields,
});

describe('paths and transformations', () => {
  it('reads object keys and array indexes', () => {
    const entity = { address: { line1: '1 Main St' }, educationList: [{ institutionName: 'Rush' }] };
    expect(readPath(entity, 'address.line1')).toBe('1 Main St');
    expect(readPath(entity, 'educationList.0.institutionName')).toBe('Rush');
    expect(readPath(entity, 'address.missing.deeper')).toBeUndefined();
  });

  it('reads a field of every element with *, skipping elements without it', () => {
    const entity = { taxonomy_relatedSpecialties: [{ id: 's1', name: 'Cardiology' }, 's2', { id: 's3', name: 'Internal Medicine' }] };
    expect(readPath(entity, 'taxonomy_relatedSpecialties.*.name')).toEqual(['Cardiology', 'Internal Medicine']);
    expect(readPath(entity, 'taxonomy_relatedSpecialties.0.name')).toBe('Cardiology');
    expect(readPath({ list: 'not a list' }, 'list.*.name')).toBeUndefined();
  });

  it("fills a name list from a hospital's own field, blank names left out", () => {
    const mapped = mapEntity(
      {
        meta: { id: 'x', entityType: 'healthcareProfessional' },
        c_boards: ['ABIM - Cardiology', '  '],
        certifications: ['ignored: the hospital mapped its own field'],
      },
      [mapping({ profileSection: 'board_certifications', profileField: 'items', sourcePath: 'c_boards' })],
      lookups,
    );
    expect(mapped.board_certifications).toEqual([
      { certificationBoard: 'ABIM - Cardiology', specialty: null, certificationYear: null, expirationYear: null, status: 'active' },
    ]);
    expect(mapped.insurance).toBeNull();
  });

  it('applies trim, lowercase, split, map and join in that order', () => {
    expect(applyTransformations('  Yes ', { trim: true, lowercase: true, map: { yes: 'true' } })).toBe('true');
    expect(applyTransformations('Adults; Seniors ;', { split: ';' })).toEqual(['Adults', 'Seniors']);
    expect(applyTransformations(['A', 'B'], { map: { A: 'Alpha' }, join: ', ' })).toBe('Alpha, B');
    expect(applyTransformations('MEDICAL_SCHOOL', { map: { medical_school: 'medical_school' } })).toBe('medical_school');
  });

  it('keeps the built-in default for every field the hospital did not map', () => {
    const merged = effectiveMappings([mapping({ profileSection: 'biography', profileField: 'professionalSummary', sourcePath: 'c_bio' })]);
    const summary = merged.filter((m) => m.profileSection === 'biography' && m.profileField === 'professionalSummary');
    expect(summary).toEqual([expect.objectContaining({ sourcePath: 'c_bio', origin: 'hospital' })]);
    expect(merged.find((m) => m.profileField === 'firstName')).toMatchObject({ origin: 'built_in' });
  });

  it('turns language names into codes, with everyday aliases, and reports the rest', () => {
    expect(languageCodes(['English', 'mandarin', 'Farsi', 'es', 'Klingon', 'Spanish'], LANGUAGES)).toEqual({
      found: ['en', 'zh', 'fa', 'es'],
      unknown: ['Klingon'],
    });
    // A code the reference list lacks is kept (its code stands in for its name); a name we cannot place is not.
    expect(languageCodes(['yue', 'pt-BR', 'Klingon', 'en'], LANGUAGES)).toEqual({ found: ['yue', 'pt-br', 'en'], unknown: ['Klingon'] });
  });

  it('stores mapping errors as one text per section, or null', () => {
    expect(storedMappingErrors({})).toBeNull();
    expect(storedMappingErrors({ languages: ['Unknown language: A', 'Unknown language: B'], biography: [] })).toEqual({
      languages: 'Unknown language: A; Unknown language: B',
    });
  });
});

describe('mapEntity', () => {
  it('splits the display name when first and last names are missing, and takes credentials from it', () => {
    const mapped = mapEntity({ meta: { id: 'x', entityType: 'healthcareProfessional' }, name: 'Dr. Ana María López, MD, PhD' }, [], lookups);
    expect(mapped.professional_identity?.values).toMatchObject({
      firstName: 'Ana',
      lastName: 'López',
      fullLegalName: 'Ana López',
      credentials: [
        { type: 'degree', name: 'MD' },
        { type: 'degree', name: 'PhD' },
      ],
    });
    expect(mapped.education_training).toBeNull();
    expect(mapped.errors).toEqual({});
  });

  it('reports unknown education types and keeps the other entries', () => {
    const mapped = mapEntity(
      {
        educationList: [
          { type: 'APPRENTICESHIP', institutionName: 'Somewhere' },
          { type: 'FELLOWSHIP', institutionName: 'Mayo Clinic', yearCompleted: '2012' },
        ],
      },
      [],
      lookups,
    );
    expect(mapped.education_training).toEqual([
      expect.objectContaining({ educationType: 'fellowship', institutionName: 'Mayo Clinic', completionYear: 2012, source: 'directory', dataSource: 'yext' }),
    ]);
    expect(mapped.errors.education_training).toEqual(['entry 1: unknown education type "APPRENTICESHIP"']);
  });

  it('links the office to the hospital location and drops a field that does not validate', () => {
    const mapped = mapEntity(
      { locatedIn: 'loc-1', address: { line1: '1 Main St', city: 'Evanston', region: 'IL', postalCode: 'N1 9GU' }, mainPhone: '847-555-0100' },
      [],
      lookups,
    );
    expect(mapped.locations).toEqual([
      expect.objectContaining({ predefinedLocationId: SITE, locationName: 'Heart Center', city: 'Evanston', postalCode: null, phoneNumber: '847-555-0100' }),
    ]);
    expect(mapped.errors.locations?.[0]).toMatch(/^postalCode: /);
  });

  it('reads entity references as ids with optional names', () => {
    const mapped = mapEntity({ conditionsTreated: ['c-1', { entityId: 'c-2', name: 'Asthma' }, 'c-1'], reasonsForVisit: [{ id: 'r-1' }] }, [], lookups);
    expect(mapped.medical_expertise).toEqual({
      conditions: [
        { id: 'c-1', name: null },
        { id: 'c-2', name: 'Asthma' },
      ],
      procedures: [],
      reasonsForVisit: [{ id: 'r-1', name: null }],
    });
  });

  it('uses a default value, and refuses a required field that is missing', () => {
    const mapped = mapEntity(
      { acceptingNewPatients: 'maybe' },
      [
        mapping({ profileSection: 'practice_essentials', profileField: 'practiceName', sourcePath: 'c_none', defaultValue: 'Heart Group' }),
        mapping({ profileSection: 'biography', profileField: 'publicSummary', sourcePath: 'c_public', isRequired: true }),
        mapping({ profileSection: 'biography', profileField: 'favouriteColour', sourcePath: 'c_colour' }),
      ],
      lookups,
    );
    expect(mapped.practice_essentials).toEqual({ practiceName: 'Heart Group' });
    expect(mapped.errors.practice_essentials).toEqual(['acceptingNewPatients: expected true or false, got "maybe" at acceptingNewPatients']);
    expect(mapped.errors.biography).toEqual(['publicSummary: required value missing at c_public', 'favouriteColour: not a field the import can fill']);
  });
});
