import { describe, expect, it } from 'vitest';
import {
  clinicalTrialsSchema,
  isProfileSectionId,
  languagesSchema,
  licensesSchema,
  locationsSchema,
  mediaPressSchema,
  professionalIdentitySchema,
  publicationsSchema,
  socialMediaSchema,
  userProfileFieldsSchema,
  PROFILE_SECTION_IDS,
} from './schemas/profile';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('profile section ids', () => {
  it('knows the nine sections and the seven extra lists', () => {
    expect(PROFILE_SECTION_IDS).toHaveLength(16);
    expect(isProfileSectionId('media_press')).toBe(true);
    expect(isProfileSectionId('social_media')).toBe(true);
    expect(isProfileSectionId('hobbies')).toBe(false);
  });
});

describe('user profile validator', () => {
  it('uses the spec texts', () => {
    expect(firstMessage(userProfileFieldsSchema.safeParse({ fullName: '', email: 'a@b.co', jobTitle: 'x' }))).toBe('Full name is required');
    expect(firstMessage(userProfileFieldsSchema.safeParse({ fullName: 'A', email: '', jobTitle: 'x' }))).toBe('Email is required');
    expect(firstMessage(userProfileFieldsSchema.safeParse({ fullName: 'A', email: 'nope', jobTitle: 'x' }))).toBe('Email format is invalid');
    expect(firstMessage(userProfileFieldsSchema.safeParse({ fullName: 'A', email: 'a@b.co', jobTitle: ' ' }))).toBe('Job title is required');
  });
});

describe('section schemas', () => {
  it('validates the identity NPI with the registry rule and defaults the lists', () => {
    const base = { fullLegalName: 'A B', firstName: 'A', lastName: 'B', professionalEmail: 'a@b.co', jobTitle: 'MD' };
    const parsed = professionalIdentitySchema.parse(base);
    expect(parsed).toMatchObject({ npiNumber: null, credentials: [], licenses: [], manualOverrideFlags: {}, primarySpecialties: [] });
    expect(firstMessage(professionalIdentitySchema.safeParse({ ...base, npiNumber: '1234567890' }))).toBe('NPI number must be exactly 10 digits');
    expect(firstMessage(professionalIdentitySchema.safeParse({ ...base, firstName: '' }))).toBe('First name is required');
  });

  it('fills the list defaults', () => {
    expect(publicationsSchema.parse({ items: [{ title: 'T' }] }).items[0]).toMatchObject({
      publicationType: 'peer_reviewed',
      isFeatured: false,
      status: 'manual',
      authors: [],
    });
    expect(clinicalTrialsSchema.parse({ items: [{ trialTitle: 'T' }] }).items[0]).toMatchObject({
      status: 'recruiting',
      role: 'investigator',
      userStatus: 'manual',
    });
    expect(mediaPressSchema.parse({ items: [{ title: 'T' }] }).items[0]).toMatchObject({ mediaType: 'article' });
    expect(languagesSchema.parse({ items: [{ languageCode: 'EN' }] }).items[0]).toEqual({ languageCode: 'en', proficiency: 'basic', isFromYext: false });
    expect(licensesSchema.parse({ items: [{ licenseNumber: '1', issuingState: 'ny' }] }).items[0]).toMatchObject({ issuingState: 'NY', status: 'active' });
    expect(socialMediaSchema.parse({ items: [{ platform: 'A' }, { platform: 'B', displayOrder: 7 }] }).items.map((s) => s.displayOrder)).toEqual([0, 7]);
  });

  it('applies the trial visibility rules', () => {
    const items = clinicalTrialsSchema.parse({
      items: [
        { trialTitle: 'a', isVisible: false },
        { trialTitle: 'b', userStatus: 'weird' },
        { trialTitle: 'c', userStatus: 'approved' },
        { trialTitle: 'd', userStatus: 'hidden', isVisible: true },
      ],
    }).items;
    expect(items.map((t) => t.userStatus)).toEqual(['hidden', 'manual', 'approved', 'manual']);
  });

  it('keeps exactly one primary location', () => {
    expect(locationsSchema.parse({ items: [{ locationName: 'a' }, { locationName: 'b' }] }).items.map((l) => l.isPrimaryLocation)).toEqual([true, false]);
    expect(
      locationsSchema.parse({ items: [{ locationName: 'a' }, { locationName: 'b', isPrimaryLocation: true }] }).items.map((l) => l.isPrimaryLocation),
    ).toEqual([false, true]);
    expect(
      firstMessage(
        locationsSchema.safeParse({
          items: [
            { locationName: 'a', isPrimaryLocation: true },
            { locationName: 'b', isPrimaryLocation: true },
          ],
        }),
      ),
    ).toBe('Only one location can be the primary location');
    expect(locationsSchema.parse({ items: [] }).items).toEqual([]);
  });
});
