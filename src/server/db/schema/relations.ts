/** Relations for Drizzle's relational queries (`db.query.users.findFirst({ with: … })`). */
import { relations } from 'drizzle-orm';
import { adminUsers } from './admin';
import { brandGuidelineDocuments, hospitalBrandSettings } from './brand';
import { discoverySessions, rejectedItems } from './discovery';
import { hospitalExpertiseTerms } from './expertise-terms';
import { feedbackAnalytics, feedbackSubmissions } from './feedback';
import { helpCategories, helpFaqs } from './help';
import {
  dataSourceConfigurations,
  dataSourceFieldMappings,
  hospitalLocations,
  hospitalReadingLevels,
  hospitalSectionPermissions,
  hospitals,
} from './hospitals';
import { pendingUpdates, userYextData, yextSyncLogs } from './integrations';
import { notifications, notificationSettings } from './notifications';
import {
  biography,
  clinicalTrials,
  educationTraining,
  locations,
  mediaPress,
  practiceEssentials,
  professionalIdentity,
  publications,
  userMedicalExpertise,
} from './profile';
import {
  awardsRecognitions,
  boardCertifications,
  fieldProvenance,
  hospitalAffiliations,
  insuranceAccepted,
  languagesSpoken,
  professionalLicenses,
  socialMedia,
} from './profile-extras';
import { promptTemplateHistory, promptTemplates } from './prompt-templates';
import { hospitalSpecialtyTaxonomiesPoc, hospitalTaxonomyConfigurations, hospitalTaxonomyUploads } from './taxonomy';
import { users } from './users';

// ── Hospitals ───────────────────────────────────────────────────────────────────────────────

export const hospitalsRelations = relations(hospitals, ({ one, many }) => ({
  users: many(users),
  adminUsers: many(adminUsers),
  sectionPermissions: many(hospitalSectionPermissions),
  readingLevels: one(hospitalReadingLevels),
  locations: many(hospitalLocations),
  dataSourceConfigurations: many(dataSourceConfigurations),
  specialtyTaxonomies: many(hospitalSpecialtyTaxonomiesPoc),
  expertiseTerms: many(hospitalExpertiseTerms),
  taxonomyConfiguration: one(hospitalTaxonomyConfigurations),
  taxonomyUploads: many(hospitalTaxonomyUploads),
  promptTemplates: many(promptTemplates),
  brandSettings: one(hospitalBrandSettings),
  brandDocuments: many(brandGuidelineDocuments),
  yextSyncLogs: many(yextSyncLogs),
}));

export const hospitalSectionPermissionsRelations = relations(hospitalSectionPermissions, ({ one }) => ({
  hospital: one(hospitals, { fields: [hospitalSectionPermissions.hospitalId], references: [hospitals.id] }),
}));

export const hospitalReadingLevelsRelations = relations(hospitalReadingLevels, ({ one }) => ({
  hospital: one(hospitals, { fields: [hospitalReadingLevels.hospitalId], references: [hospitals.id] }),
}));

export const hospitalLocationsRelations = relations(hospitalLocations, ({ one, many }) => ({
  hospital: one(hospitals, { fields: [hospitalLocations.hospitalId], references: [hospitals.id] }),
  userLocations: many(locations),
}));

export const dataSourceConfigurationsRelations = relations(dataSourceConfigurations, ({ one, many }) => ({
  hospital: one(hospitals, { fields: [dataSourceConfigurations.hospitalId], references: [hospitals.id] }),
  fieldMappings: many(dataSourceFieldMappings),
}));

export const dataSourceFieldMappingsRelations = relations(dataSourceFieldMappings, ({ one }) => ({
  configuration: one(dataSourceConfigurations, {
    fields: [dataSourceFieldMappings.configurationId],
    references: [dataSourceConfigurations.id],
  }),
}));

export const hospitalSpecialtyTaxonomiesPocRelations = relations(hospitalSpecialtyTaxonomiesPoc, ({ one, many }) => ({
  hospital: one(hospitals, { fields: [hospitalSpecialtyTaxonomiesPoc.hospitalId], references: [hospitals.id] }),
  expertiseTerms: many(hospitalExpertiseTerms),
}));

export const hospitalExpertiseTermsRelations = relations(hospitalExpertiseTerms, ({ one }) => ({
  hospital: one(hospitals, { fields: [hospitalExpertiseTerms.hospitalId], references: [hospitals.id] }),
  specialtyTaxonomy: one(hospitalSpecialtyTaxonomiesPoc, {
    fields: [hospitalExpertiseTerms.hospitalSpecialtyTaxonomyId],
    references: [hospitalSpecialtyTaxonomiesPoc.id],
  }),
}));

export const hospitalTaxonomyConfigurationsRelations = relations(hospitalTaxonomyConfigurations, ({ one }) => ({
  hospital: one(hospitals, { fields: [hospitalTaxonomyConfigurations.hospitalId], references: [hospitals.id] }),
}));

export const hospitalTaxonomyUploadsRelations = relations(hospitalTaxonomyUploads, ({ one }) => ({
  hospital: one(hospitals, { fields: [hospitalTaxonomyUploads.hospitalId], references: [hospitals.id] }),
}));

export const hospitalBrandSettingsRelations = relations(hospitalBrandSettings, ({ one }) => ({
  hospital: one(hospitals, { fields: [hospitalBrandSettings.hospitalId], references: [hospitals.id] }),
}));

export const brandGuidelineDocumentsRelations = relations(brandGuidelineDocuments, ({ one }) => ({
  hospital: one(hospitals, { fields: [brandGuidelineDocuments.hospitalId], references: [hospitals.id] }),
}));

export const yextSyncLogsRelations = relations(yextSyncLogs, ({ one }) => ({
  hospital: one(hospitals, { fields: [yextSyncLogs.hospitalId], references: [hospitals.id] }),
}));

// ── Admins and content ──────────────────────────────────────────────────────────────────────

export const adminUsersRelations = relations(adminUsers, ({ one }) => ({
  hospital: one(hospitals, { fields: [adminUsers.hospitalId], references: [hospitals.id] }),
}));

export const promptTemplatesRelations = relations(promptTemplates, ({ one, many }) => ({
  hospital: one(hospitals, { fields: [promptTemplates.hospitalId], references: [hospitals.id] }),
  history: many(promptTemplateHistory),
}));

export const promptTemplateHistoryRelations = relations(promptTemplateHistory, ({ one }) => ({
  template: one(promptTemplates, { fields: [promptTemplateHistory.templateId], references: [promptTemplates.id] }),
}));

export const helpCategoriesRelations = relations(helpCategories, ({ many }) => ({
  faqs: many(helpFaqs),
}));

export const helpFaqsRelations = relations(helpFaqs, ({ one }) => ({
  category: one(helpCategories, { fields: [helpFaqs.categoryId], references: [helpCategories.id] }),
}));

// ── Providers and their profile ─────────────────────────────────────────────────────────────

export const usersRelations = relations(users, ({ one, many }) => ({
  hospital: one(hospitals, { fields: [users.hospitalId], references: [hospitals.id] }),
  professionalIdentity: one(professionalIdentity),
  educationTraining: many(educationTraining),
  practiceEssentials: one(practiceEssentials),
  locations: many(locations),
  biography: one(biography),
  publications: many(publications),
  clinicalTrials: many(clinicalTrials),
  mediaPress: many(mediaPress),
  medicalExpertise: many(userMedicalExpertise),
  languagesSpoken: many(languagesSpoken),
  professionalLicenses: many(professionalLicenses),
  socialMedia: many(socialMedia),
  boardCertifications: many(boardCertifications),
  hospitalAffiliations: many(hospitalAffiliations),
  awardsRecognitions: many(awardsRecognitions),
  insuranceAccepted: many(insuranceAccepted),
  notifications: many(notifications),
  notificationSettings: one(notificationSettings),
  feedbackSubmissions: many(feedbackSubmissions),
  feedbackAnalytics: one(feedbackAnalytics),
  yextData: one(userYextData),
  pendingUpdates: many(pendingUpdates),
  fieldProvenance: many(fieldProvenance),
  discoverySessions: many(discoverySessions),
  rejectedItems: many(rejectedItems),
}));

export const professionalIdentityRelations = relations(professionalIdentity, ({ one }) => ({
  user: one(users, { fields: [professionalIdentity.userId], references: [users.id] }),
}));

export const educationTrainingRelations = relations(educationTraining, ({ one }) => ({
  user: one(users, { fields: [educationTraining.userId], references: [users.id] }),
}));

export const practiceEssentialsRelations = relations(practiceEssentials, ({ one }) => ({
  user: one(users, { fields: [practiceEssentials.userId], references: [users.id] }),
}));

export const locationsRelations = relations(locations, ({ one }) => ({
  user: one(users, { fields: [locations.userId], references: [users.id] }),
  predefinedLocation: one(hospitalLocations, {
    fields: [locations.predefinedLocationId],
    references: [hospitalLocations.id],
  }),
}));

export const biographyRelations = relations(biography, ({ one }) => ({
  user: one(users, { fields: [biography.userId], references: [users.id] }),
}));

export const publicationsRelations = relations(publications, ({ one }) => ({
  user: one(users, { fields: [publications.userId], references: [users.id] }),
}));

export const clinicalTrialsRelations = relations(clinicalTrials, ({ one }) => ({
  user: one(users, { fields: [clinicalTrials.userId], references: [users.id] }),
}));

export const mediaPressRelations = relations(mediaPress, ({ one }) => ({
  user: one(users, { fields: [mediaPress.userId], references: [users.id] }),
}));

export const userMedicalExpertiseRelations = relations(userMedicalExpertise, ({ one }) => ({
  user: one(users, { fields: [userMedicalExpertise.userId], references: [users.id] }),
}));

export const languagesSpokenRelations = relations(languagesSpoken, ({ one }) => ({
  user: one(users, { fields: [languagesSpoken.userId], references: [users.id] }),
}));

export const professionalLicensesRelations = relations(professionalLicenses, ({ one }) => ({
  user: one(users, { fields: [professionalLicenses.userId], references: [users.id] }),
}));

export const socialMediaRelations = relations(socialMedia, ({ one }) => ({
  user: one(users, { fields: [socialMedia.userId], references: [users.id] }),
}));

export const fieldProvenanceRelations = relations(fieldProvenance, ({ one }) => ({
  user: one(users, { fields: [fieldProvenance.userId], references: [users.id] }),
}));

export const boardCertificationsRelations = relations(boardCertifications, ({ one }) => ({
  user: one(users, { fields: [boardCertifications.userId], references: [users.id] }),
}));

export const hospitalAffiliationsRelations = relations(hospitalAffiliations, ({ one }) => ({
  user: one(users, { fields: [hospitalAffiliations.userId], references: [users.id] }),
}));

export const awardsRecognitionsRelations = relations(awardsRecognitions, ({ one }) => ({
  user: one(users, { fields: [awardsRecognitions.userId], references: [users.id] }),
}));

export const insuranceAcceptedRelations = relations(insuranceAccepted, ({ one }) => ({
  user: one(users, { fields: [insuranceAccepted.userId], references: [users.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));

export const notificationSettingsRelations = relations(notificationSettings, ({ one }) => ({
  user: one(users, { fields: [notificationSettings.userId], references: [users.id] }),
}));

export const feedbackSubmissionsRelations = relations(feedbackSubmissions, ({ one }) => ({
  user: one(users, { fields: [feedbackSubmissions.userId], references: [users.id] }),
}));

export const feedbackAnalyticsRelations = relations(feedbackAnalytics, ({ one }) => ({
  user: one(users, { fields: [feedbackAnalytics.userId], references: [users.id] }),
}));

export const userYextDataRelations = relations(userYextData, ({ one }) => ({
  user: one(users, { fields: [userYextData.userId], references: [users.id] }),
}));

export const pendingUpdatesRelations = relations(pendingUpdates, ({ one }) => ({
  user: one(users, { fields: [pendingUpdates.userId], references: [users.id] }),
}));

export const discoverySessionsRelations = relations(discoverySessions, ({ one }) => ({
  user: one(users, { fields: [discoverySessions.userId], references: [users.id] }),
}));

export const rejectedItemsRelations = relations(rejectedItems, ({ one }) => ({
  user: one(users, { fields: [rejectedItems.userId], references: [users.id] }),
}));
