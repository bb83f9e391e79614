import { and, eq, inArray, sql } from 'drizzle-orm';
import { specialtyKeywords, type ProviderMatchProfile } from '../../../shared/confidence';
import { splitProviderName } from '../../../shared/names';
import type { Database } from '../../db/client';
import {
  hospitalAffiliations,
  hospitals,
  medicalSpecialtyTaxonomy,
  practiceEssentials,
  professionalIdentity,
  socialMedia,
  userMedicalExpertise,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** What discovery knows about the provider: how to search for them and how to recognise them. */
export interface DiscoveryProfile extends ProviderMatchProfile {
  userId: string;
  email: string;
  fullName: string;
  specialties: string[];
  orcid: string | null;
}

const ORCID_PATTERN = /\b(\d{4}-\d{4}-\d{4}-\d{3}[\dX])\b/i;

const uniqueText = (values: Array<string | null | undefined>) => {
  const seen = new Map<string, string>();
  for (const value of values) {
    const trimmed = value?.trim();
    if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()];
};

/** The middle name from the registry record, else the words between first and last in the legal name. */
function middleNameOf(identity: typeof professionalIdentity.$inferSelect | undefined, first: string | null, last: string | null) {
  const fromRegistry = identity?.npiRawData?.middle_name;
  if (typeof fromRegistry === 'string' && fromRegistry.trim()) return fromRegistry.trim();
  const tokens = (identity?.fullLegalName ?? '').trim().split(/\s+/).filter(Boolean);
  if (tokens.length >= 3 && first && last && tokens[0]!.toLowerCase() === first.toLowerCase() && tokens.at(-1)!.toLowerCase() === last.toLowerCase()) {
    return tokens.slice(1, -1).join(' ');
  }
  return null;
}

export async function loadDiscoveryProfile(db: Database, userId: string): Promise<DiscoveryProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw AppError.unauthenticated();
  const [[identity], [hospital], [practice], affiliationRows, expertiseRows, socialRows] = await Promise.all([
    db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, userId)).limit(1),
    user.hospitalId ? db.select({ name: hospitals.name }).from(hospitals).where(eq(hospitals.id, user.hospitalId)).limit(1) : Promise.resolve([]),
    db.select({ practiceName: practiceEssentials.practiceName }).from(practiceEssentials).where(eq(practiceEssentials.userId, userId)).limit(1),
    db.select({ name: hospitalAffiliations.hospitalName }).from(hospitalAffiliations).where(eq(hospitalAffiliations.userId, userId)),
    db.selectDistinct({ name: userMedicalExpertise.specialtyName }).from(userMedicalExpertise).where(eq(userMedicalExpertise.userId, userId)),
    db
      .select({ username: socialMedia.username, profileUrl: socialMedia.profileUrl })
      .from(socialMedia)
      .where(and(eq(socialMedia.userId, userId), sql`lower(${socialMedia.platform}) = 'orcid'`)),
  ]);

  const split = splitProviderName(user.fullName);
  const firstName = identity?.firstName?.trim() || user.firstName?.trim() || split.firstName || null;
  const lastName = identity?.lastName?.trim() || user.lastName?.trim() || split.lastName || null;

  const specialties = uniqueText([
    identity?.primarySpecialty,
    ...(identity?.primarySpecialties ?? []),
    ...(identity?.additionalSpecialties ?? []),
    ...(identity?.npiSpecialties ?? []).map((s) => s.name),
    ...expertiseRows.map((r) => r.name),
  ]);
  const taxonomyKeywords =
    specialties.length > 0
      ? await db
          .select({ keywords: medicalSpecialtyTaxonomy.searchKeywords })
          .from(medicalSpecialtyTaxonomy)
          .where(
            inArray(
              sql`lower(${medicalSpecialtyTaxonomy.specialty})`,
              specialties.map((s) => s.toLowerCase()),
            ),
          )
      : [];

  const orcid = socialRows.map((row) => ORCID_PATTERN.exec(`${row.username ?? ''} ${row.profileUrl ?? ''}`)?.[1]).find(Boolean) ?? null;

  return {
    userId,
    email: user.email,
    fullName: user.fullName,
    firstName,
    middleName: middleNameOf(identity, firstName, lastName),
    lastName,
    affiliations: uniqueText([hospital?.name, user.organization, practice?.practiceName, ...affiliationRows.map((r) => r.name)]),
    specialties,
    specialtyKeywords: uniqueText([...specialtyKeywords(specialties), ...taxonomyKeywords.flatMap((row) => row.keywords)]),
    orcid: orcid?.toUpperCase() ?? null,
  };
}
