import { describe, expect, it } from 'vitest';
import { SECTION_IDS } from './limits';
import {
  BIOGRAPHY_PENDING,
  completionPercentage,
  computeProfileCompletion,
  nextSteps,
  sectionStatus,
  type CompletionSections,
  type SectionPermission,
} from './profile-completion';

const now = new Date('2025-06-01T00:00:00Z');
const recent = '2025-05-01T00:00:00Z';

function emptySections(): CompletionSections {
  return {
    professional_identity: { data: null, updatedAt: null },
    education_training: { data: { items: [] }, updatedAt: null },
    practice_essentials: { data: null, updatedAt: null },
    locations: { data: { items: [] }, updatedAt: null },
    biography: { data: null, updatedAt: null },
    publications: { data: { items: [] }, updatedAt: null },
    clinical_trials: { data: { items: [] }, updatedAt: null },
    media_press: { data: { items: [] }, updatedAt: null },
    medical_expertise: { data: { items: [] }, updatedAt: null },
  };
}

const defaults: SectionPermission[] = SECTION_IDS.map((sectionId) => ({
  sectionId,
  isVisible: true,
  isRequired: ['professional_identity', 'education_training', 'practice_essentials'].includes(sectionId),
}));

describe('sectionStatus', () => {
  it('needs names, job title and primary specialty for the identity', () => {
    const sections = emptySections();
    expect(sectionStatus('professional_identity', sections, now)).toBe('missing');
    sections.professional_identity = { data: { firstName: 'Ana', lastName: 'Diaz', jobTitle: 'Physician', primarySpecialty: null }, updatedAt: recent };
    expect(sectionStatus('professional_identity', sections, now)).toBe('needs_update');
    sections.professional_identity.data!.primarySpecialty = 'Cardiology';
    expect(sectionStatus('professional_identity', sections, now)).toBe('complete');
  });

  it('needs a medical school for education', () => {
    const sections = emptySections();
    sections.education_training = { data: { items: [{ educationType: 'undergraduate' }] }, updatedAt: recent };
    expect(sectionStatus('education_training', sections, now)).toBe('needs_update');
    sections.education_training.data = { items: [{ educationType: 'undergraduate' }, { educationType: 'medical_school' }] };
    expect(sectionStatus('education_training', sections, now)).toBe('complete');
  });

  it('needs accepting-new-patients and a practice name or focus', () => {
    const sections = emptySections();
    sections.practice_essentials = { data: { acceptingNewPatients: null, practiceName: null, practiceFocus: null, appointmentTypes: [] }, updatedAt: recent };
    expect(sectionStatus('practice_essentials', sections, now)).toBe('missing');
    sections.practice_essentials.data!.appointmentTypes = ['in_person'];
    expect(sectionStatus('practice_essentials', sections, now)).toBe('needs_update');
    sections.practice_essentials.data!.acceptingNewPatients = false;
    expect(sectionStatus('practice_essentials', sections, now)).toBe('needs_update');
    sections.practice_essentials.data!.practiceFocus = 'Heart failure';
    expect(sectionStatus('practice_essentials', sections, now)).toBe('complete');
  });

  it('needs a primary location', () => {
    const sections = emptySections();
    sections.locations = { data: { items: [{ isPrimaryLocation: false }] }, updatedAt: recent };
    expect(sectionStatus('locations', sections, now)).toBe('needs_update');
    sections.locations.data = { items: [{ isPrimaryLocation: false }, { isPrimaryLocation: true }] };
    expect(sectionStatus('locations', sections, now)).toBe('complete');
  });

  it('does not count the pending placeholder as a biography', () => {
    const sections = emptySections();
    sections.biography = { data: { professionalSummary: BIOGRAPHY_PENDING }, updatedAt: recent };
    expect(sectionStatus('biography', sections, now)).toBe('missing');
    sections.biography.data = { professionalSummary: BIOGRAPHY_PENDING, memberships: 'ACC' };
    expect(sectionStatus('biography', sections, now)).toBe('needs_update');
    sections.biography.data = { professionalSummary: 'Dr. Diaz treats heart failure.' };
    expect(sectionStatus('biography', sections, now)).toBe('complete');
  });

  it('needs one entry for the list sections', () => {
    const sections = emptySections();
    expect(sectionStatus('publications', sections, now)).toBe('missing');
    sections.publications = { data: { items: [{}] }, updatedAt: recent };
    expect(sectionStatus('publications', sections, now)).toBe('complete');
  });

  it('asks for an update when a complete section is older than twelve months', () => {
    const sections = emptySections();
    sections.medical_expertise = { data: { items: [{}] }, updatedAt: '2024-05-31T00:00:00Z' };
    expect(sectionStatus('medical_expertise', sections, now)).toBe('needs_update');
    sections.medical_expertise.updatedAt = new Date('2024-06-02T00:00:00Z');
    expect(sectionStatus('medical_expertise', sections, now)).toBe('complete');
  });
});

describe('completion percentage', () => {
  it('counts complete required sections among visible required ones; 100 when none is required', () => {
    expect(completionPercentage([])).toBe(100);
    expect(completionPercentage([{ status: 'complete', isVisible: true, isRequired: false }])).toBe(100);
    expect(
      completionPercentage([
        { status: 'complete', isVisible: true, isRequired: true },
        { status: 'missing', isVisible: true, isRequired: true },
        { status: 'needs_update', isVisible: true, isRequired: true },
        { status: 'missing', isVisible: false, isRequired: true },
      ]),
    ).toBe(33);
  });

  it('uses the hospital’s permissions, treating a hidden section as not required', () => {
    const sections = emptySections();
    sections.professional_identity = { data: { firstName: 'A', lastName: 'B', jobTitle: 'C', primarySpecialty: 'D' }, updatedAt: recent };
    expect(computeProfileCompletion(sections, defaults, now).percentage).toBe(33);
    const onlyIdentity = defaults.map((p) => ({ ...p, isRequired: p.sectionId === 'professional_identity' }));
    expect(computeProfileCompletion(sections, onlyIdentity, now).percentage).toBe(100);
    const hiddenRequired = defaults.map((p) => (p.sectionId === 'education_training' ? { ...p, isVisible: false } : p));
    const result = computeProfileCompletion(sections, hiddenRequired, now);
    expect(result.percentage).toBe(50);
    expect(result.sections.find((s) => s.sectionId === 'education_training')).toMatchObject({ isVisible: false, isRequired: false });
  });
});

describe('nextSteps', () => {
  it('lists required unfinished sections first, then optional ones, at most three', () => {
    const sections = emptySections();
    sections.professional_identity = { data: { firstName: 'A', lastName: 'B', jobTitle: 'C', primarySpecialty: 'D' }, updatedAt: recent };
    sections.education_training = { data: { items: [{ educationType: 'residency' }] }, updatedAt: recent };
    const permissions = defaults.map((p) => (p.sectionId === 'locations' ? { ...p, isVisible: false } : p));
    const { sections: statuses } = computeProfileCompletion(sections, permissions, now);
    const steps = nextSteps(statuses);
    expect(steps.map((s) => s.sectionId)).toEqual(['education_training', 'practice_essentials', 'biography']);
    expect(steps[0]).toEqual({
      sectionId: 'education_training',
      title: 'Education & Training',
      status: 'needs_update',
      isRequired: true,
      action: 'Add your medical school',
      path: '/education-training',
    });
    expect(steps[2]!.isRequired).toBe(false);
  });

  it('asks to review a stale section', () => {
    const sections = emptySections();
    sections.publications = { data: { items: [{}] }, updatedAt: '2020-01-01T00:00:00Z' };
    const none = defaults.map((p) => ({ ...p, isRequired: false }));
    const steps = nextSteps(computeProfileCompletion(sections, none, now).sections, 10);
    expect(steps.find((s) => s.sectionId === 'publications')!.action).toBe('Review and confirm your publications');
  });
});
