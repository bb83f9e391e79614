import { bigint, boolean, doublePrecision, integer, jsonb, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NpiSpecialty } from './profile';

/**
 * The public gate (migration 0016, decision 0020): what anonymous readers may see of a provider. Every
 * public read (the /find pages and search, sitemaps, FHIR, public photos) reads providers through these
 * views and never the profile tables, so a hidden section or a listing that is not published cannot be
 * matched, counted or shown. The views are written by hand in the migration; drizzle-kit leaves them be.
 */
export const publicListings = pgView('public_listings', {
  userId: uuid('user_id').notNull(),
  hospitalId: uuid('hospital_id').notNull(),
  slug: text('slug').notNull(),
  hospitalSlug: text('hospital_slug').notNull(),
  fullName: text('full_name').notNull(),
  lastName: text('last_name'),
  profileVersion: bigint('profile_version', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** The sections the listing's hospital hides (migration 0023); the section views filter on it. */
  hiddenSections: text('hidden_sections').array().notNull(),
}).existing();

export const publicIdentity = pgView('public_identity', {
  userId: uuid('user_id').notNull(),
  hospitalId: uuid('hospital_id').notNull(),
  npiNumber: text('npi_number'),
  primarySpecialty: text('primary_specialty'),
  additionalSpecialties: jsonb('additional_specialties').$type<string[]>().notNull(),
  npiSpecialties: jsonb('npi_specialties').$type<NpiSpecialty[]>().notNull(),
  profilePhoto: text('profile_photo'),
  /** The identity's own names (FHIR Practitioner `given` and `family`, migration 0021). */
  firstName: text('first_name'),
  lastName: text('last_name'),
}).existing();

export const publicPractice = pgView('public_practice', {
  userId: uuid('user_id').notNull(),
  hospitalId: uuid('hospital_id').notNull(),
  acceptingNewPatients: boolean('accepting_new_patients'),
  telehealthServices: jsonb('telehealth_services').$type<string[]>().notNull(),
  /** For "offers video visits", which either list may say (migration 0027, src/shared/video-visits.ts). */
  appointmentTypes: jsonb('appointment_types').$type<string[]>().notNull(),
}).existing();

export const publicLocations = pgView('public_locations', {
  id: uuid('id').notNull(),
  userId: uuid('user_id').notNull(),
  hospitalId: uuid('hospital_id').notNull(),
  city: text('city'),
  state: text('state'),
  postalCode: text('postal_code'),
  telehealthAvailable: boolean('telehealth_available').notNull(),
  isPrimary: boolean('is_primary').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  displayOrder: integer('display_order').notNull(),
  /** The ZIP's (else the city's) centroid, for distance search (migration 0020). */
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** Street lines and the hospital site it was picked from (FHIR Location `address`, `partof`; migration 0021). */
  addressLine1: text('address_line_1'),
  addressLine2: text('address_line_2'),
  predefinedLocationId: uuid('predefined_location_id'),
}).existing();

export const publicExpertise = pgView('public_expertise', {
  userId: uuid('user_id').notNull(),
  hospitalId: uuid('hospital_id').notNull(),
  termId: text('term_id').notNull(),
  term: text('term'),
}).existing();

export const publicLanguages = pgView('public_languages', {
  userId: uuid('user_id').notNull(),
  hospitalId: uuid('hospital_id').notNull(),
  languageCode: text('language_code').notNull(),
  languageName: text('language_name').notNull(),
}).existing();

/** Insurance plans accepted, shown with the practice essentials section (migration 0020). */
export const publicInsurance = pgView('public_insurance', {
  userId: uuid('user_id').notNull(),
  hospitalId: uuid('hospital_id').notNull(),
  insuranceName: text('insurance_name').notNull(),
}).existing();
