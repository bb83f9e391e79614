/**
 * Stored rows → what the web renders. Each view carries the same field names as the section's
 * request schema (src/shared/schemas/profile.ts), so a form can be filled from a GET and sent back
 * with PUT unchanged; read-only extras (ids, discovery details, registry data) ride along.
 */
import type {
  awardsRecognitions,
  biography,
  boardCertifications,
  clinicalTrials,
  educationTraining,
  hospitalAffiliations,
  insuranceAccepted,
  languagesSpoken,
  locations,
  mediaPress,
  practiceEssentials,
  professionalIdentity,
  professionalLicenses,
  publications,
  socialMedia,
  userMedicalExpertise,
} from '../../db/schema';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function identityView(row: typeof professionalIdentity.$inferSelect) {
  return {
    npiNumber: row.npiNumber,
    fullLegalName: row.fullLegalName,
    firstName: row.firstName,
    lastName: row.lastName,
    preferredName: row.preferredName,
    pronouns: row.pronouns,
    professionalEmail: row.professionalEmail,
    jobTitle: row.jobTitle,
    department: row.department,
    division: row.division,
    section: row.section,
    departmentId: row.departmentId,
    divisionId: row.divisionId,
    sectionId: row.sectionId,
    primarySpecialty: row.primarySpecialty,
    primarySpecialties: row.primarySpecialties,
    additionalSpecialties: row.additionalSpecialties,
    credentials: row.credentials.map((c) => ({ type: c.type, name: c.name, verified: c.verified ?? false })),
    academicTitles: row.academicTitles,
    certifications: row.certifications,
    licenses: row.licenses,
    manualOverrideFlags: row.manualOverrideFlags,
    // Read-only: set by the registry and the photo upload.
    npiSpecialties: row.npiSpecialties,
    matchedSpecialtyConfidence: row.matchedSpecialtyConfidence,
    isAutoPopulated: row.isAutoPopulated,
    autoPopulatedAt: iso(row.autoPopulatedAt),
    profilePhoto: row.profilePhoto,
    lastUpdated: iso(row.updatedAt),
  };
}
export type IdentityView = ReturnType<typeof identityView>;

export function educationView(row: typeof educationTraining.$inferSelect) {
  return {
    id: row.id,
    educationType: row.educationType,
    institutionName: row.institutionName,
    degree: row.degree,
    fieldOfStudy: row.fieldOfStudy,
    startDate: row.startDate,
    endDate: row.endDate,
    graduationYear: row.graduationYear,
    isCurrent: row.isCurrent,
    description: row.description,
    source: row.source,
    dataSource: row.dataSource,
    programId: row.programId,
    programName: row.programName,
    medicalSchoolId: row.medicalSchoolId,
    medicalSchoolName: row.medicalSchoolName,
    startYear: row.startYear,
    endYear: row.endYear,
    location: row.location,
    parentSpecialty: row.parentSpecialty,
    fellowshipSpecialtyId: row.fellowshipSpecialtyId,
    fellowshipSpecialtyName: row.fellowshipSpecialtyName,
    completionYear: row.completionYear,
  };
}
export type EducationView = ReturnType<typeof educationView>;

export function practiceView(row: typeof practiceEssentials.$inferSelect) {
  return {
    acceptingNewPatients: row.acceptingNewPatients,
    ageGroupsTreated: row.ageGroupsTreated,
    patientAgeGroups: row.patientAgeGroups,
    appointmentTypes: row.appointmentTypes,
    schedulingNotes: row.schedulingNotes,
    practiceName: row.practiceName,
    practiceType: row.practiceType,
    hospitalAffiliations: row.hospitalAffiliations,
    groupAffiliations: row.groupAffiliations,
    telehealthServices: row.telehealthServices,
    practiceFocus: row.practiceFocus,
  };
}
export type PracticeView = ReturnType<typeof practiceView>;

export function locationView(row: typeof locations.$inferSelect) {
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
  };
}
export type LocationView = ReturnType<typeof locationView>;

export function biographyView(row: typeof biography.$inferSelect) {
  return {
    professionalSummary: row.professionalSummary,
    publicSummary: row.publicSummary,
    personalInterests: row.personalInterests,
    awardsHonors: row.awardsHonors,
    memberships: row.memberships,
    volunteerWork: row.volunteerWork,
    languagesSpoken: row.languagesSpoken,
  };
}
export type BiographyView = ReturnType<typeof biographyView>;

export function publicationView(row: typeof publications.$inferSelect) {
  return {
    id: row.id,
    title: row.title,
    authors: row.authors,
    journalName: row.journalName,
    publicationDate: row.publicationDate,
    volume: row.volume,
    issue: row.issue,
    pages: row.pages,
    doi: row.doi,
    pmid: row.pmid,
    publicationType: row.publicationType,
    abstract: row.abstract,
    keywords: row.keywords,
    isFeatured: row.isFeatured,
    status: row.status as 'manual' | 'approved',
    discoveredAt: iso(row.discoveredAt),
    confidenceScore: row.confidenceScore,
  };
}
export type PublicationView = ReturnType<typeof publicationView>;

export function trialView(row: typeof clinicalTrials.$inferSelect) {
  return {
    id: row.id,
    trialTitle: row.trialTitle,
    nctNumber: row.nctNumber,
    phase: row.phase,
    status: row.status,
    startDate: row.startDate,
    completionDate: row.completionDate,
    sponsor: row.sponsor,
    role: row.role,
    description: row.description,
    conditionsStudied: row.conditionsStudied,
    userStatus: row.userStatus,
    isVisible: row.userStatus !== 'hidden',
    discoveredAt: iso(row.discoveredAt),
    confidenceScore: row.confidenceScore,
  };
}
export type TrialView = ReturnType<typeof trialView>;

export function mediaView(row: typeof mediaPress.$inferSelect) {
  return {
    id: row.id,
    title: row.title,
    mediaType: row.mediaType,
    publicationSource: row.publicationSource,
    date: row.date,
    url: row.url,
    description: row.description,
    isFeatured: row.isFeatured,
    status: row.status as 'manual' | 'approved',
    discoveredAt: iso(row.discoveredAt),
    confidenceScore: row.confidenceScore,
  };
}
export type MediaView = ReturnType<typeof mediaView>;

export function expertiseView(row: typeof userMedicalExpertise.$inferSelect) {
  return { id: row.id, termId: row.termId, specialtyName: row.specialtyName, termType: row.termType, term: row.term };
}
export type ExpertiseView = ReturnType<typeof expertiseView>;

export function languageView(row: typeof languagesSpoken.$inferSelect) {
  return {
    id: row.id,
    languageCode: row.languageCode,
    languageName: row.languageName,
    proficiency: row.proficiency,
    displayOrder: row.displayOrder,
    isFromYext: row.isFromYext,
  };
}

export function licenseView(row: typeof professionalLicenses.$inferSelect) {
  return {
    id: row.id,
    licenseName: row.licenseName,
    licenseNumber: row.licenseNumber,
    issuingState: row.issuingState,
    issuingAuthority: row.issuingAuthority,
    issueDate: row.issueDate,
    expirationDate: row.expirationDate,
    status: row.status,
    isVerified: row.isVerified,
  };
}

export function socialMediaView(row: typeof socialMedia.$inferSelect) {
  return {
    id: row.id,
    platform: row.platform,
    username: row.username,
    profileUrl: row.profileUrl,
    isVisible: row.isVisible,
    displayOrder: row.displayOrder,
  };
}

export function boardCertificationView(row: typeof boardCertifications.$inferSelect) {
  return {
    id: row.id,
    certificationBoard: row.certificationBoard,
    specialty: row.specialty,
    certificationYear: row.certificationYear,
    expirationYear: row.expirationYear,
    status: row.status,
  };
}

export function hospitalAffiliationView(row: typeof hospitalAffiliations.$inferSelect) {
  return { id: row.id, hospitalName: row.hospitalName, department: row.department, title: row.title, startYear: row.startYear, isPrimary: row.isPrimary };
}

export function awardView(row: typeof awardsRecognitions.$inferSelect) {
  return { id: row.id, awardName: row.awardName, awardingOrganization: row.awardingOrganization, awardYear: row.awardYear, description: row.description };
}

export function insuranceView(row: typeof insuranceAccepted.$inferSelect) {
  return { id: row.id, insuranceName: row.insuranceName, planType: row.planType };
}
