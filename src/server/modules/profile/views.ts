/**
 * Stored rows → what the web renders. Each view carries the same field names as the section's
 * request schema (src/shared/schemas/profile.ts), so a form can be filled from a GET and sent back
 * with PUT unchanged; read-only extras (ids, discovery details, registry data) ride along. Most views
 * are the row's own columns under their own names (`columnsOf`); the rest add renamed or derived
 * fields to those.
 */
import type * as schema from '../../db/schema';

type RowOf<Table extends { $inferSelect: unknown }> = Table['$inferSelect'];

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A view that copies the named columns of a row, in that order, under their own names. */
function columnsOf<Row>() {
  return <const Keys extends ReadonlyArray<keyof Row>>(...keys: Keys) =>
    (row: Row): Pick<Row, Keys[number]> => {
      const view = {} as Pick<Row, Keys[number]>;
      for (const key of keys) view[key as Keys[number]] = row[key as Keys[number]];
      return view;
    };
}

type IdentityRow = RowOf<typeof schema.professionalIdentity>;
const identityColumns = columnsOf<IdentityRow>()(
  'npiNumber',
  'fullLegalName',
  'firstName',
  'lastName',
  'preferredName',
  'pronouns',
  'professionalEmail',
  'jobTitle',
  'department',
  'division',
  'section',
  'departmentId',
  'divisionId',
  'sectionId',
  'primarySpecialty',
  'primarySpecialties',
  'additionalSpecialties',
);
const identityLists = columnsOf<IdentityRow>()(
  'academicTitles',
  'certifications',
  'licenses',
  'manualOverrideFlags',
  'npiSpecialties',
  'matchedSpecialtyConfidence',
  'isAutoPopulated',
);

export function identityView(row: IdentityRow) {
  return {
    ...identityColumns(row),
    credentials: row.credentials.map((c) => ({ type: c.type, name: c.name, verified: c.verified ?? false })),
    // Read-only from npiSpecialties on: set by the registry and the photo upload.
    ...identityLists(row),
    autoPopulatedAt: iso(row.autoPopulatedAt),
    profilePhoto: row.profilePhoto,
    lastUpdated: iso(row.updatedAt),
  };
}
export type IdentityView = ReturnType<typeof identityView>;

export const educationView = columnsOf<RowOf<typeof schema.educationTraining>>()(
  'id',
  'educationType',
  'institutionName',
  'degree',
  'fieldOfStudy',
  'startDate',
  'endDate',
  'graduationYear',
  'isCurrent',
  'description',
  'source',
  'dataSource',
  'programId',
  'programName',
  'medicalSchoolId',
  'medicalSchoolName',
  'startYear',
  'endYear',
  'location',
  'parentSpecialty',
  'fellowshipSpecialtyId',
  'fellowshipSpecialtyName',
  'completionYear',
);
export type EducationView = ReturnType<typeof educationView>;

export const practiceView = columnsOf<RowOf<typeof schema.practiceEssentials>>()(
  'acceptingNewPatients',
  'ageGroupsTreated',
  'patientAgeGroups',
  'appointmentTypes',
  'schedulingNotes',
  'practiceName',
  'practiceType',
  'hospitalAffiliations',
  'groupAffiliations',
  'telehealthServices',
  'practiceFocus',
);
export type PracticeView = ReturnType<typeof practiceView>;

/** Locations keep the names the original product's form used for a few columns. */
export function locationView(row: RowOf<typeof schema.locations>) {
  return {
    id: row.id,
    predefinedLocationId: row.predefinedLocationId,
    locationName: row.locationName,
    address: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    floor: row.floor,
    suiteOfficeNumber: row.suiteOfficeNumber,
    phoneNumber: row.phone,
    faxNumber: row.fax,
    website: row.website,
    isPrimaryLocation: row.isPrimary,
    acceptingNewPatients: row.acceptsNewPatients,
    telehealthAvailable: row.telehealthAvailable,
    specialNotes: row.specialNotes,
    // Set from the ZIP (else the city) when the section is saved; read-only (the section's input has no
    // such fields). The public page's schema.org `geo` comes from here.
    latitude: row.latitude,
    longitude: row.longitude,
  };
}
export type LocationView = ReturnType<typeof locationView>;

export const biographyView = columnsOf<RowOf<typeof schema.biography>>()(
  'professionalSummary',
  'publicSummary',
  'personalInterests',
  'awardsHonors',
  'memberships',
  'volunteerWork',
  'languagesSpoken',
);
export type BiographyView = ReturnType<typeof biographyView>;

/** What discovery adds to a publication, trial or media item: when it was found and how sure the match is. */
const discovered = (row: { discoveredAt: Date | null; confidenceScore: number | null }) => ({
  discoveredAt: iso(row.discoveredAt),
  confidenceScore: row.confidenceScore,
});

const publicationColumns = columnsOf<RowOf<typeof schema.publications>>()(
  'id',
  'title',
  'authors',
  'journalName',
  'publicationDate',
  'volume',
  'issue',
  'pages',
  'doi',
  'pmid',
  'publicationType',
  'abstract',
  'keywords',
  'isFeatured',
);
export function publicationView(row: RowOf<typeof schema.publications>) {
  return { ...publicationColumns(row), status: row.status as 'manual' | 'approved', ...discovered(row) };
}
export type PublicationView = ReturnType<typeof publicationView>;

const trialColumns = columnsOf<RowOf<typeof schema.clinicalTrials>>()(
  'id',
  'trialTitle',
  'nctNumber',
  'phase',
  'status',
  'startDate',
  'completionDate',
  'sponsor',
  'role',
  'description',
  'conditionsStudied',
  'userStatus',
);
export function trialView(row: RowOf<typeof schema.clinicalTrials>) {
  return { ...trialColumns(row), isVisible: row.userStatus !== 'hidden', ...discovered(row) };
}
export type TrialView = ReturnType<typeof trialView>;

const mediaColumns = columnsOf<RowOf<typeof schema.mediaPress>>()('id', 'title', 'mediaType', 'publicationSource', 'date', 'url', 'description', 'isFeatured');
export function mediaView(row: RowOf<typeof schema.mediaPress>) {
  return { ...mediaColumns(row), status: row.status as 'manual' | 'approved', ...discovered(row) };
}
export type MediaView = ReturnType<typeof mediaView>;

export const expertiseView = columnsOf<RowOf<typeof schema.userMedicalExpertise>>()('id', 'termId', 'specialtyName', 'termType', 'term');
export type ExpertiseView = ReturnType<typeof expertiseView>;

export const languageView = columnsOf<RowOf<typeof schema.languagesSpoken>>()(
  'id',
  'languageCode',
  'languageName',
  'proficiency',
  'displayOrder',
  'isFromYext',
);

export const licenseView = columnsOf<RowOf<typeof schema.professionalLicenses>>()(
  'id',
  'licenseName',
  'licenseNumber',
  'issuingState',
  'issuingAuthority',
  'issueDate',
  'expirationDate',
  'status',
  'isVerified',
);

export const socialMediaView = columnsOf<RowOf<typeof schema.socialMedia>>()('id', 'platform', 'username', 'profileUrl', 'isVisible', 'displayOrder');

export const boardCertificationView = columnsOf<RowOf<typeof schema.boardCertifications>>()(
  'id',
  'certificationBoard',
  'specialty',
  'certificationYear',
  'expirationYear',
  'status',
);

export const hospitalAffiliationView = columnsOf<RowOf<typeof schema.hospitalAffiliations>>()(
  'id',
  'hospitalName',
  'department',
  'title',
  'startYear',
  'isPrimary',
);

export const awardView = columnsOf<RowOf<typeof schema.awardsRecognitions>>()('id', 'awardName', 'awardingOrganization', 'awardYear', 'description');

export const insuranceView = columnsOf<RowOf<typeof schema.insuranceAccepted>>()('id', 'insuranceName', 'planType');
