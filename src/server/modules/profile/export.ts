import { yearsOfExperience } from '../../../shared/education-dates';
import { getProfile, type ProfileDeps, type ProviderRef } from './service';

/** "Dr. María O'Neil" → "dr-maria-o-neil": safe in a Content-Disposition file name. */
export function fileNameSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'provider';
}

/** `GET /api/profile/export`: the profile JSON export (profile spec §3) and its download file name. */
export async function exportProfile(deps: ProfileDeps, actor: ProviderRef, now: Date = new Date()) {
  const profile = await getProfile(deps, actor);
  const s = profile.sections;
  const affiliationNames = [...new Set([...s.hospital_affiliations.items.map((a) => a.hospitalName), ...(s.practice_essentials?.hospitalAffiliations ?? [])])];
  const body = {
    basicInfo: profile.user,
    professionalIdentity: s.professional_identity,
    education: s.education_training.items,
    practice: s.practice_essentials,
    expertise: s.medical_expertise.items,
    publications: s.publications.items,
    clinicalTrials: s.clinical_trials.items,
    media: s.media_press.items,
    locations: s.locations.items,
    biography: s.biography,
    socialMedia: s.social_media.items,
    licenses: s.licenses.items,
    // The per-user lists the spec's export does not name, so nothing the provider keeps is left out.
    languages: s.languages.items,
    boardCertifications: s.board_certifications.items,
    hospitalAffiliations: s.hospital_affiliations.items,
    awards: s.awards.items,
    insurance: s.insurance.items,
    metrics: {
      yearsOfExperience: yearsOfExperience(s.education_training.items, now),
      counts: {
        education: s.education_training.items.length,
        locations: s.locations.items.length,
        publications: s.publications.items.length,
        clinicalTrials: s.clinical_trials.items.length,
        media: s.media_press.items.length,
        expertise: s.medical_expertise.items.length,
        languages: s.languages.items.length,
        licenses: s.licenses.items.length,
        boardCertifications: s.board_certifications.items.length,
        hospitalAffiliations: affiliationNames.length,
        awards: s.awards.items.length,
        insurance: s.insurance.items.length,
        socialMedia: s.social_media.items.length,
      },
      hospitalAffiliations: affiliationNames,
      completionPercentage: profile.completion.percentage,
    },
    exportedAt: now.toISOString(),
  };
  const fileName = `vitae-profile-${fileNameSlug(profile.user.fullName)}-${now.toISOString().slice(0, 10)}.json`;
  return { body, fileName };
}
