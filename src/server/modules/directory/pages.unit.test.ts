import { describe, expect, it } from 'vitest';
import { BIOGRAPHY_PENDING } from '../../../shared/profile-completion';
import { providerPage, publishedSummary } from './pages';
import type { PublicProfile } from './public-profile';
import type { PublicHospital } from './service';

// Issue T3 1/7 item 10: the sign-up placeholder is not a biography, and the provider's media links
// carry no endorsement.

const hospital: PublicHospital = { id: 'h1', name: 'Lakeview Medical Center', slug: 'lakeview', brandColor: null, address: null, contactPhone: null };

function profile(overrides: Partial<PublicProfile>): PublicProfile & { slug: string } {
  return {
    slug: 'amara-obi',
    name: 'Amara Obi',
    credentials: ['MD'],
    pronouns: null,
    photo: null,
    npi: null,
    jobTitle: null,
    primarySpecialty: 'Dermatology',
    additionalSpecialties: [],
    acceptingNewPatients: null,
    videoVisits: false,
    summary: null,
    languages: [],
    locations: [],
    education: [],
    boardCertifications: [],
    hospitalAffiliations: [],
    expertise: [],
    publications: [],
    trials: [],
    media: [],
    awards: [],
    insurance: [],
    hospitalName: null,
    specialtyCodes: [],
    firstName: 'Amara',
    lastName: 'Obi',
    languageCodes: [],
    ...overrides,
  };
}

describe('public provider page', () => {
  it('leaves the biography placeholder out of the About text and the meta description', () => {
    for (const summary of [BIOGRAPHY_PENDING, ` ${BIOGRAPHY_PENDING.toUpperCase()} `]) {
      const html = providerPage('https://vitae.example', hospital, profile({ summary }));
      expect(html).not.toMatch(/biography pending/i);
      expect(html).not.toContain('id="s-about"');
      expect(html).toContain('<meta name="description" content="Amara Obi, MD, Dermatology at Lakeview Medical Center."/>');
    }
    const written = providerPage('https://vitae.example', hospital, profile({ summary: 'I treat skin conditions in adults and children.' }));
    expect(written).toContain('<h2 id="s-about">About</h2><p>I treat skin conditions in adults and children.</p>');
    expect(written).toContain('<meta name="description" content="I treat skin conditions in adults and children."/>');
    expect(publishedSummary(null)).toBeNull();
    expect(publishedSummary('   ')).toBeNull();
  });

  it('marks media links nofollow, user-generated and without an opener', () => {
    const html = providerPage(
      'https://vitae.example',
      hospital,
      profile({ media: [{ title: 'On TV', source: 'WTTW', date: '2025', url: 'https://news.example/story' }] }),
    );
    expect(html).toContain('<a href="https://news.example/story" rel="nofollow ugc noopener">On TV</a>');
  });
});
