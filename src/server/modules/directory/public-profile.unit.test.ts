import { describe, expect, it } from 'vitest';
import { PROFILE_SECTION_IDS, SINGLE_ROW_SECTION_IDS, type ProfileSectionId } from '../../../shared/schemas/profile';
import type { FullProfileRead } from '../profile/read';
import { permissionsFromRows } from '../hospitals/permissions';
import { PUBLIC_FIELDS, publicProfileOf } from './public-profile';

/**
 * PUBLIC_FIELDS is what tsc holds every section field to (docs/architecture.md, "Adding a field to a
 * section"); this checks it tells the truth: a field declared `false` changes nothing of the public
 * profile, whatever it holds, and a field declared to fill a PublicProfile field does change it.
 */

const entry = (id: ProfileSectionId): Record<string, unknown> => {
  switch (id) {
    case 'professional_identity':
      return {
        fullLegalName: 'Ana Ruiz',
        firstName: 'Ana',
        lastName: 'Ruiz',
        credentials: [{ type: 'degree', name: 'MD', verified: false }],
        jobTitle: 'Cardiologist',
        npiSpecialties: [{ code: '207RC0000X', name: 'Cardiovascular Disease', is_primary: true }],
      };
    case 'practice_essentials':
      return { acceptingNewPatients: true, telehealthServices: ['Video visits'], appointmentTypes: [] };
    case 'biography':
      return { professionalSummary: 'Professional words.', publicSummary: 'Public words.' };
    case 'education_training':
      return {
        id: 'e1',
        educationType: 'residency',
        institutionName: 'General Hospital',
        programName: 'Internal Medicine',
        degree: 'MD',
        graduationYear: 2010,
      };
    case 'locations':
      return { id: 'l1', locationName: 'Main Clinic', city: 'Chicago', isPrimaryLocation: true, latitude: 41.9, longitude: -87.6 };
    case 'publications':
      return { id: 'p1', title: 'A paper', journalName: 'Circulation', status: 'manual' };
    case 'clinical_trials':
      return { id: 't1', trialTitle: 'A trial', nctNumber: 'NCT01234567', status: 'recruiting', role: 'investigator', userStatus: 'manual', isVisible: true };
    case 'media_press':
      return { id: 'm1', title: 'An interview', publicationSource: 'Tribune', status: 'manual' };
    case 'medical_expertise':
      return { id: 'x1', termId: 'CON-I10', term: 'Hypertension', termType: 'Condition' };
    case 'languages':
      return { id: 'g1', languageCode: 'es', languageName: 'Spanish' };
    case 'board_certifications':
      return { id: 'b1', certificationBoard: 'ABIM', specialty: 'Cardiology', certificationYear: 2012, status: 'active' };
    case 'hospital_affiliations':
      return { id: 'h1', hospitalName: 'General Hospital' };
    case 'awards':
      return { id: 'a1', awardName: 'Top Doctor', awardingOrganization: 'Magazine', awardYear: 2020 };
    case 'insurance':
      return { id: 'i1', insuranceName: 'Medicare' };
    case 'licenses':
      return { id: 'c1', licenseNumber: '036-1', issuingState: 'IL' };
    case 'social_media':
      return { id: 's1', platform: 'LinkedIn', isVisible: true };
  }
};

/** A read with one entry in every section, each field of `changed` (section → field → value) replaced. */
function readWith(changed: Partial<Record<ProfileSectionId, Record<string, unknown>>> = {}, bare = false): FullProfileRead {
  const sections = Object.fromEntries(
    PROFILE_SECTION_IDS.map((id) => {
      // Bare: the changed section's entry holds the changed field alone (a fallback field shows only then).
      const data = bare && changed[id] ? { ...changed[id] } : { ...entry(id), ...changed[id] };
      return [id, { data: (SINGLE_ROW_SECTION_IDS as readonly string[]).includes(id) ? data : { items: [data] }, updatedAt: null }];
    }),
  );
  return { user: { fullName: 'Ana Ruiz', hospitalName: 'Northfield Health' }, sections, permissions: permissionsFromRows([]) } as unknown as FullProfileRead;
}

const fields = (id: ProfileSectionId) => Object.entries(PUBLIC_FIELDS[id]) as Array<[string, string | false]>;

describe('PUBLIC_FIELDS', () => {
  const baseline = publicProfileOf(readWith());

  it('a field declared not public changes nothing public, whatever it holds', () => {
    const leaks: string[] = [];
    for (const id of PROFILE_SECTION_IDS) {
      for (const [field, use] of fields(id)) {
        if (use !== false) continue;
        for (const value of ['Zz private value', 12345, true, ['Zz'], null]) {
          if (JSON.stringify(publicProfileOf(readWith({ [id]: { [field]: value } }))) !== JSON.stringify(baseline)) leaks.push(`${id}.${field}`);
        }
      }
    }
    expect([...new Set(leaks)]).toEqual([]);
  });

  it('a field declared to fill a PublicProfile field changes it', () => {
    const silent: string[] = [];
    for (const id of PROFILE_SECTION_IDS) {
      for (const [field, use] of fields(id)) {
        if (use === false || use === 'entry') continue;
        const values = [
          'Zz public value',
          'Video visits',
          'pending',
          'NCT07654321',
          42,
          ['Video visits'],
          [{ code: '207R00000X', name: 'Internal Medicine', is_primary: true }],
          false,
          null,
        ];
        const shown = (value: unknown, bare: boolean) =>
          JSON.stringify(publicProfileOf(readWith({ [id]: { [field]: value } }, bare))[use as keyof typeof baseline]);
        const changes = values.some(
          (value) => shown(value, false) !== JSON.stringify(baseline[use as keyof typeof baseline]) || shown(value, true) !== shown(null, true),
        );
        if (!changes) silent.push(`${id}.${field} → ${use}`);
      }
    }
    expect(silent).toEqual([]);
  });

  it("a field declared 'entry' can take the entry off the public page", () => {
    const keeps: string[] = [];
    for (const id of PROFILE_SECTION_IDS) {
      for (const [field, use] of fields(id)) {
        if (use !== 'entry') continue;
        const hidden = ['pending', 'hidden', false].some(
          (value) => JSON.stringify(publicProfileOf(readWith({ [id]: { [field]: value } }))) !== JSON.stringify(baseline),
        );
        if (!hidden) keeps.push(`${id}.${field}`);
      }
    }
    expect(keeps).toEqual([]);
  });
});
