import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { computeNpiCheckDigit } from '../../../shared/npi';
import type { AppointmentType, TelehealthService } from '../../../shared/practice-vocabularies';
import { VIDEO_VISITS } from '../../../shared/video-visits';
import type { Database } from '../client';
import {
  biography,
  directoryListings,
  hospitalLocations,
  languages,
  languagesSpoken,
  locations,
  medicalExpertiseTerms,
  medicalSpecialtyTaxonomy,
  practiceEssentials,
  professionalIdentity,
  userMedicalExpertise,
  users,
} from '../schema';
import { slugFromName } from '../../modules/directory/service';
import { LIST_FIELD, recordProvenance } from '../../modules/profile/provenance';
import { refreshCompletion } from '../../modules/profile/service';
import { storePhotoFiles } from '../../modules/profile/photo';
import type { FileStorage } from '../../integrations/storage';
import type { Logger } from '../../lib/logger';
import { initialsOf } from '../../../shared/names';
import { demoAvatar, insertDemoProfileDetails } from './demo-profiles';

/**
 * The demo hospital's public directory (never in production): 24 fictional clinicians with varied
 * specialties, offices, languages and expertise, published so `/find/northfield` shows a working
 * directory on first start. They have no sign-in account. Idempotent: nothing is added once they exist.
 * Each carries a full profile (demo-profiles.ts) and, given the file storage, an avatar stored as an
 * uploaded photo is (initials on a gradient: no real faces are available offline).
 */

interface DemoClinician {
  first: string;
  last: string;
  credential: string;
  specialty: string;
  site: number;
  languages: string[];
  accepting: boolean;
  video: boolean;
  summary: string;
  terms: string[];
}

const SITES = [
  // The Evanston office takes its own appointment requests; the others' go to the hospital's intake address.
  {
    name: 'Northfield Evanston Hospital',
    address: '1200 Lakeshore Drive',
    city: 'Evanston',
    state: 'IL',
    postalCode: '60201',
    phone: '(847) 555-0100',
    email: 'evanston.appointments@northfield.example',
  },
  { name: 'Northfield Skokie Medical Office', address: '9600 Gross Point Road', city: 'Skokie', state: 'IL', postalCode: '60076', phone: '(847) 555-0200' },
  {
    name: 'Northfield Glenview Outpatient Center',
    address: '2100 Pfingsten Road',
    city: 'Glenview',
    state: 'IL',
    postalCode: '60026',
    phone: '(847) 555-0300',
  },
  { name: 'Northfield Streeterville Clinic', address: '251 E Huron Street', city: 'Chicago', state: 'IL', postalCode: '60611', phone: '(312) 555-0400' },
  {
    name: 'Northfield Highland Park Hospital',
    address: '777 Park Avenue West',
    city: 'Highland Park',
    state: 'IL',
    postalCode: '60035',
    phone: '(847) 555-0500',
  },
];

const CLINICIANS: DemoClinician[] = [
  {
    first: 'Margaret',
    last: 'Okafor',
    credential: 'MD',
    specialty: 'Cardiovascular Disease',
    site: 0,
    languages: ['en', 'ig'],
    accepting: true,
    video: true,
    summary: 'I care for adults with heart rhythm problems and heart failure, and I explain every option in plain words.',
    terms: ['Atrial fibrillation', 'Hypertension', 'Rheumatic congestive heart failure'],
  },
  {
    first: 'Daniel',
    last: 'Kowalski',
    credential: 'MD',
    specialty: 'Cardiovascular Disease',
    site: 3,
    languages: ['en', 'pl'],
    accepting: false,
    video: false,
    summary: 'Preventive cardiology: cholesterol, blood pressure and keeping hearts healthy for the long run.',
    terms: ['Hypertension', 'Atrial fibrillation'],
  },
  {
    first: 'Priya',
    last: 'Raman',
    credential: 'MD',
    specialty: 'Dermatology',
    site: 1,
    languages: ['en', 'ta', 'hi'],
    accepting: true,
    video: true,
    summary: 'Skin, hair and nail conditions for all ages, including skin cancer checks.',
    terms: ['Psoriasis', 'Acne', 'Malignant melanoma of skin'],
  },
  {
    first: 'Samuel',
    last: 'Adeyemi',
    credential: 'DO',
    specialty: 'Family Medicine',
    site: 1,
    languages: ['en', 'yo'],
    accepting: true,
    video: true,
    summary: 'Whole-family primary care, from newborn checks to managing diabetes and blood pressure.',
    terms: ['Type 2 diabetes mellitus', 'Essential (primary) hypertension', 'Asthma'],
  },
  {
    first: 'Lucía',
    last: 'Hernández',
    credential: 'MD',
    specialty: 'Family Medicine',
    site: 2,
    languages: ['en', 'es'],
    accepting: true,
    video: true,
    summary: 'Primary care in English and Spanish, with a focus on women’s health and chronic conditions.',
    terms: ['Type 2 diabetes mellitus', 'Essential (primary) hypertension'],
  },
  {
    first: 'Wei',
    last: 'Chen',
    credential: 'MD, PhD',
    specialty: 'Gastroenterology',
    site: 3,
    languages: ['en', 'zh'],
    accepting: true,
    video: false,
    summary: 'Digestive diseases, inflammatory bowel disease and screening colonoscopy.',
    terms: ["Gastroduodenal Crohn's disease", 'Colonoscopy', 'Gastroesophageal reflux disease'],
  },
  {
    first: 'Hannah',
    last: 'Goldberg',
    credential: 'MD',
    specialty: 'Neurology',
    site: 0,
    languages: ['en', 'he'],
    accepting: true,
    video: true,
    summary: 'Headache, epilepsy and multiple sclerosis care, with same-week visits for new seizures.',
    terms: ['Multiple sclerosis', 'Familial hemiplegic migraine', 'Generalized epilepsy with febrile seizures plus'],
  },
  {
    first: 'Marcus',
    last: 'Bell',
    credential: 'MD',
    specialty: 'Orthopedic Surgery',
    site: 2,
    languages: ['en'],
    accepting: true,
    video: false,
    summary: 'Knee and hip replacement and sports injuries; back to the activities you love.',
    terms: ['Osteoarthritis of knee', 'Osteoarthritis of hip', 'Rotator cuff repair'],
  },
  {
    first: 'Aisha',
    last: 'Rahman',
    credential: 'MD',
    specialty: 'Pediatrics',
    site: 1,
    languages: ['en', 'ar', 'ur'],
    accepting: true,
    video: true,
    summary: 'Care for children from birth through adolescence, with time for parents’ questions.',
    terms: ['Asthma', 'Nonsuppurative otitis media'],
  },
  {
    first: 'Elena',
    last: 'Petrova',
    credential: 'MD',
    specialty: 'Obstetrics and Gynecology',
    site: 4,
    languages: ['en', 'ru', 'uk'],
    accepting: true,
    video: true,
    summary: 'Pregnancy care, menopause and gynecologic surgery with a shared-decision approach.',
    terms: ['Menopause hormone therapy management', 'Fallopian tube endometriosis', 'Ectopic pregnancy'],
  },
  {
    first: 'James',
    last: 'Whitaker',
    credential: 'MD',
    specialty: 'Psychiatry',
    site: 3,
    languages: ['en'],
    accepting: false,
    video: true,
    summary: 'Depression, anxiety and bipolar disorder, in person or by video.',
    terms: ['Generalized anxiety disorder', 'Bipolar disorder', 'Atypical depressive disorder'],
  },
  {
    first: 'Sofia',
    last: 'Marino',
    credential: 'MD',
    specialty: 'Pulmonary Disease',
    site: 0,
    languages: ['en', 'it'],
    accepting: true,
    video: false,
    summary: 'Lung and sleep medicine: asthma, COPD and sleep apnea.',
    terms: ['Obstructive sleep apnea', 'Cough variant asthma', 'Aspiration pneumonia'],
  },
  {
    first: 'Thomas',
    last: 'Nguyen',
    credential: 'MD',
    specialty: 'Endocrinology, Diabetes and Metabolism',
    site: 2,
    languages: ['en', 'vi'],
    accepting: true,
    video: true,
    summary: 'Diabetes, thyroid and bone health, with diabetes technology clinics.',
    terms: ['Maturity-onset diabetes of the young', 'Osteoporosis', 'Obesity'],
  },
  {
    first: 'Grace',
    last: 'Mensah',
    credential: 'MD',
    specialty: 'Medical Oncology',
    site: 0,
    languages: ['en', 'fr'],
    accepting: true,
    video: true,
    summary: 'Breast and lung cancer care, and clinical trials close to home.',
    terms: ['Breast cancer', 'Lung cancer', 'Chemotherapy administration'],
  },
  {
    first: 'Rafael',
    last: 'Ortiz',
    credential: 'MD',
    specialty: 'Rheumatology',
    site: 1,
    languages: ['en', 'es', 'pt'],
    accepting: true,
    video: true,
    summary: 'Arthritis, lupus and gout: treatment plans that fit your life.',
    terms: ['Systemic lupus erythematosus', 'Gout', 'Polyosteoarthritis'],
  },
  {
    first: 'Karen',
    last: 'Lindqvist',
    credential: 'MD',
    specialty: 'Urology',
    site: 4,
    languages: ['en', 'sv'],
    accepting: true,
    video: false,
    summary: 'Prostate health, incontinence and minimally invasive urologic surgery.',
    terms: ['Malignant neoplasm of prostate', 'Unspecified urinary incontinence', 'Vasectomy'],
  },
  {
    first: 'Omar',
    last: 'Haddad',
    credential: 'MD',
    specialty: 'Ophthalmology',
    site: 3,
    languages: ['en', 'ar', 'fr'],
    accepting: true,
    video: false,
    summary: 'Cataract surgery and glaucoma care.',
    terms: ['Cataract 32 multiple types', 'Glaucomatous atrophy of optic disc'],
  },
  {
    first: 'Mei',
    last: 'Tanaka',
    credential: 'MD',
    specialty: 'Allergy and Immunology',
    site: 2,
    languages: ['en', 'ja'],
    accepting: true,
    video: true,
    summary: 'Allergies, hives and asthma in children and adults, including allergy testing.',
    terms: ['Allergic urticaria', 'Cough variant asthma'],
  },
  {
    first: 'Patrick',
    last: 'O’Brien',
    credential: 'MD',
    specialty: 'Nephrology',
    site: 0,
    languages: ['en'],
    accepting: false,
    video: true,
    summary: 'Kidney disease and dialysis, working closely with your other doctors.',
    terms: ['Chronic kidney disease', 'Hypertension', 'Membranous glomerulonephritis'],
  },
  {
    first: 'Fatima',
    last: 'Diallo',
    credential: 'MD',
    specialty: 'Infectious Disease',
    site: 3,
    languages: ['en', 'fr', 'wo'],
    accepting: true,
    video: true,
    summary: 'HIV care, travel medicine and hard-to-treat infections.',
    terms: ['Human immunodeficiency virus [HIV] disease', 'Lyme disease', 'Respiratory tuberculosis'],
  },
  {
    first: 'Benjamin',
    last: 'Schwartz',
    credential: 'DO',
    specialty: 'Family Medicine',
    site: 4,
    languages: ['en', 'de'],
    accepting: true,
    video: true,
    summary: 'Primary care for adults and seniors, including preventive care and chronic disease.',
    terms: ['Essential (primary) hypertension', 'Asthma'],
  },
  {
    first: 'Ana',
    last: 'Souza',
    credential: 'MD',
    specialty: 'Pediatrics',
    site: 2,
    languages: ['en', 'pt', 'es'],
    accepting: false,
    video: false,
    summary: 'General pediatrics with a special interest in asthma and allergies.',
    terms: ['Asthma'],
  },
  {
    first: 'Jin-woo',
    last: 'Park',
    credential: 'MD',
    specialty: 'Gastroenterology',
    site: 4,
    languages: ['en', 'ko'],
    accepting: true,
    video: true,
    summary: 'Liver disease and reflux, and screening colonoscopy.',
    terms: ['Gastroesophageal reflux disease', 'Colonoscopy', 'Acute hepatitis A'],
  },
  {
    first: 'Naomi',
    last: 'Brooks',
    credential: 'MD',
    specialty: 'Dermatology',
    site: 4,
    languages: ['en'],
    accepting: true,
    video: true,
    summary: 'Medical dermatology for eczema, psoriasis and acne.',
    terms: ['Psoriasis', 'Acne'],
  },
];

const EMAIL_DOMAIN = 'directory.northfield.example';

/**
 * The demo offices as the hospital's own locations (the console's Locations tab), and each demo
 * clinician's office linked to them (`predefined_location_id`), so what the admin manages is what
 * patients see. Runs on every seed: a database seeded before the link existed gets it too.
 */
async function seedDemoLocations(db: Database, hospitalId: string): Promise<Map<string, string>> {
  const names = SITES.map((site) => site.name);
  const known = await db
    .select({ id: hospitalLocations.id, name: hospitalLocations.name })
    .from(hospitalLocations)
    .where(and(eq(hospitalLocations.hospitalId, hospitalId), inArray(hospitalLocations.name, names)));
  const ids = new Map(known.map((row) => [row.name, row.id]));
  const missing = SITES.filter((site) => !ids.has(site.name));
  if (missing.length > 0) {
    const inserted = await db
      .insert(hospitalLocations)
      .values(
        missing.map((site) => ({
          hospitalId,
          name: site.name,
          addressLine1: site.address,
          address: site.address,
          city: site.city,
          state: site.state,
          zipCode: site.postalCode,
          postalCode: site.postalCode,
          country: 'US',
          phoneNumber: site.phone,
          email: 'email' in site ? site.email : null,
          isActive: true,
        })),
      )
      .returning({ id: hospitalLocations.id, name: hospitalLocations.name });
    for (const row of inserted) ids.set(row.name, row.id);
  }
  const demoUsers = db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${EMAIL_DOMAIN}`));
  for (const [name, id] of ids) {
    await db
      .update(locations)
      .set({ predefinedLocationId: id })
      .where(and(eq(locations.locationName, name), isNull(locations.predefinedLocationId), inArray(locations.userId, demoUsers)));
  }
  return ids;
}

export async function seedDemoDirectory(db: Database, hospitalId: string, options: { storage?: FileStorage; logger?: Logger } = {}) {
  const siteIds = await seedDemoLocations(db, hospitalId);
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(like(users.email, `%@${EMAIL_DOMAIN}`));
  if ((existing?.n ?? 0) > 0) return 0;

  const specialtyCodes = new Map(
    (
      await db
        .select({ specialty: medicalSpecialtyTaxonomy.specialty, code: medicalSpecialtyTaxonomy.specialtyCode })
        .from(medicalSpecialtyTaxonomy)
        .where(inArray(medicalSpecialtyTaxonomy.specialty, [...new Set(CLINICIANS.map((c) => c.specialty))]))
    ).map((row) => [row.specialty, row.code]),
  );
  const languageNames = new Map((await db.select({ code: languages.code, name: languages.name }).from(languages)).map((row) => [row.code, row.name]));
  const terms = await db
    .select({
      termId: medicalExpertiseTerms.termId,
      term: medicalExpertiseTerms.term,
      termType: medicalExpertiseTerms.termType,
      specialtyName: medicalExpertiseTerms.specialtyName,
    })
    .from(medicalExpertiseTerms)
    .where(inArray(medicalExpertiseTerms.term, [...new Set(CLINICIANS.flatMap((c) => c.terms))]));

  const created: Array<{ userId: string; name: string }> = [];
  await db.transaction(async (tx) => {
    for (const [index, clinician] of CLINICIANS.entries()) {
      const first9 = String(199_300_001 + index * 37);
      const npi = `${first9}${computeNpiCheckDigit(first9)}`;
      const fullName = `${clinician.first} ${clinician.last}`;
      const code = specialtyCodes.get(clinician.specialty) ?? null;
      const [user] = await tx
        .insert(users)
        .values({
          email: `${slugFromName(fullName)}@${EMAIL_DOMAIN}`,
          fullName,
          firstName: clinician.first,
          lastName: clinician.last,
          jobTitle: 'Physician',
          organization: 'Northfield Health',
          npiNumber: npi,
          hospitalId,
          status: 'active',
          emailVerified: true,
          agreedToTerms: true,
          agreedToPrivacy: true,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      created.push({ userId, name: `${clinician.first} ${clinician.last}` });
      await tx.insert(professionalIdentity).values({
        userId,
        npiNumber: npi,
        fullLegalName: fullName,
        firstName: clinician.first,
        lastName: clinician.last,
        jobTitle: 'Physician',
        professionalEmail: `${slugFromName(fullName)}@${EMAIL_DOMAIN}`,
        primarySpecialty: clinician.specialty,
        primarySpecialties: [clinician.specialty],
        credentials: clinician.credential.split(', ').map((name) => ({ type: 'degree', name })),
        npiSpecialties: code ? [{ name: clinician.specialty, code, is_primary: true }] : [],
      });
      await tx.insert(practiceEssentials).values({
        userId,
        acceptingNewPatients: clinician.accepting,
        telehealthServices: (clinician.video ? [VIDEO_VISITS] : []) satisfies TelehealthService[],
        appointmentTypes: (clinician.video ? ['In-person visits', VIDEO_VISITS] : ['In-person visits']) satisfies AppointmentType[],
      });
      await tx.insert(biography).values({
        userId,
        professionalSummary: `Dr. ${clinician.last} practises ${clinician.specialty.toLowerCase()} at Northfield Health.`,
        publicSummary: clinician.summary,
      });
      const site = SITES[clinician.site]!;
      await tx.insert(locations).values({
        userId,
        predefinedLocationId: siteIds.get(site.name) ?? null,
        locationName: site.name,
        addressLine1: site.address,
        city: site.city,
        state: site.state,
        postalCode: site.postalCode,
        country: 'US',
        phone: site.phone,
        isPrimary: true,
        acceptsNewPatients: clinician.accepting,
        telehealthAvailable: clinician.video,
      });
      const spoken = clinician.languages.filter((l) => languageNames.has(l));
      if (spoken.length) {
        await tx.insert(languagesSpoken).values(
          spoken.map((languageCode, order) => ({
            userId,
            languageCode,
            languageName: languageNames.get(languageCode)!,
            proficiency: order === 0 ? 'native' : 'fluent',
            displayOrder: order + 1,
          })),
        );
      }
      const chosen = clinician.terms.flatMap((name) => {
        const term = terms.find((t) => t.term === name && t.specialtyName === clinician.specialty) ?? terms.find((t) => t.term === name);
        return term ? [term] : [];
      });
      const unique = chosen.filter((term, i) => chosen.findIndex((other) => other.termId === term.termId) === i);
      if (unique.length)
        await tx
          .insert(userMedicalExpertise)
          .values(unique.map((term) => ({ userId, termId: term.termId, term: term.term, termType: term.termType, specialtyName: term.specialtyName })));
      await tx.insert(directoryListings).values({
        userId,
        hospitalId,
        status: 'published',
        slug: slugFromName(fullName),
        requestedAt: new Date(),
        publishedAt: new Date(),
        decidedBy: 'demo data',
      });
      // The demo's story of where each value came from: the registry at sign-up, the office from the
      // hospital's listing service, the rest typed by the clinician.
      await recordProvenance(
        tx,
        userId,
        'professional_identity',
        ['firstName', 'lastName', 'credentials', 'primarySpecialty', 'primarySpecialties'],
        'registry',
      );
      await recordProvenance(tx, userId, 'professional_identity', ['fullLegalName', 'professionalEmail', 'jobTitle'], 'provider');
      await recordProvenance(tx, userId, 'practice_essentials', ['acceptingNewPatients', 'appointmentTypes', 'telehealthServices'], 'provider');
      await recordProvenance(tx, userId, 'biography', ['professionalSummary', 'publicSummary'], 'provider');
      await recordProvenance(tx, userId, 'locations', [LIST_FIELD], 'listing_service');
      if (spoken.length) await recordProvenance(tx, userId, 'languages', [LIST_FIELD], 'provider');
      if (unique.length) await recordProvenance(tx, userId, 'medical_expertise', [LIST_FIELD], 'provider');
      await insertDemoProfileDetails(tx, userId, clinician, index);
      // Stored as a save stores it, so the console's lists show how complete each demo profile is.
      await refreshCompletion(tx, userId);
    }
  });
  if (options.storage && options.logger) {
    // The same decoding, sizes and storage as an upload; a failure leaves that clinician's initials.
    for (const [index, { userId, name }] of created.entries()) {
      try {
        const { url } = await storePhotoFiles({ storage: options.storage, logger: options.logger }, userId, await demoAvatar(initialsOf(name), index));
        await db.update(professionalIdentity).set({ profilePhoto: url }).where(eq(professionalIdentity.userId, userId));
        await recordProvenance(db, userId, 'professional_identity', ['profilePhoto'], 'provider');
      } catch (error) {
        options.logger.warn({ err: error }, 'demo avatar could not be stored');
      }
    }
  }
  return CLINICIANS.length;
}
