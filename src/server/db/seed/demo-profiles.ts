import sharp from 'sharp';
import type { Database } from '../client';
import { awardsRecognitions, boardCertifications, clinicalTrials, educationTraining, insuranceAccepted, publications } from '../schema';
import { LIST_FIELD, recordProvenance } from '../../modules/profile/provenance';
import type { ProfileSectionId } from '../../../shared/schemas/profile';

/**
 * What makes a demo clinician's public page look like a real one (issue 33 item 1): education and
 * training, board certifications, publications, clinical trials, insurance and awards, made up from
 * each clinician's specialty and place in the list so every run gives the same directory. The
 * clinicians are fictional, so their publications and trials carry no PubMed, DOI or NCT numbers:
 * such a number would link a made-up person to someone else's real work.
 */

interface DemoPerson {
  first: string;
  last: string;
  credential: string;
  specialty: string;
  terms: string[];
}

const ABIM = 'American Board of Internal Medicine';
const TRAINING: Record<string, { board: string; residency: string; fellowship?: string }> = {
  'Cardiovascular Disease': { board: ABIM, residency: 'Internal Medicine', fellowship: 'Cardiovascular Disease' },
  Dermatology: { board: 'American Board of Dermatology', residency: 'Dermatology' },
  'Family Medicine': { board: 'American Board of Family Medicine', residency: 'Family Medicine' },
  Gastroenterology: { board: ABIM, residency: 'Internal Medicine', fellowship: 'Gastroenterology' },
  Neurology: { board: 'American Board of Psychiatry and Neurology', residency: 'Neurology' },
  'Orthopedic Surgery': { board: 'American Board of Orthopaedic Surgery', residency: 'Orthopaedic Surgery', fellowship: 'Adult Reconstructive Orthopaedics' },
  Pediatrics: { board: 'American Board of Pediatrics', residency: 'Pediatrics' },
  'Obstetrics and Gynecology': { board: 'American Board of Obstetrics and Gynecology', residency: 'Obstetrics and Gynecology' },
  Psychiatry: { board: 'American Board of Psychiatry and Neurology', residency: 'Psychiatry' },
  'Pulmonary Disease': { board: ABIM, residency: 'Internal Medicine', fellowship: 'Pulmonary Disease and Critical Care Medicine' },
  'Endocrinology, Diabetes and Metabolism': { board: ABIM, residency: 'Internal Medicine', fellowship: 'Endocrinology, Diabetes and Metabolism' },
  'Medical Oncology': { board: ABIM, residency: 'Internal Medicine', fellowship: 'Hematology and Medical Oncology' },
  Rheumatology: { board: ABIM, residency: 'Internal Medicine', fellowship: 'Rheumatology' },
  Urology: { board: 'American Board of Urology', residency: 'Urology' },
  Ophthalmology: { board: 'American Board of Ophthalmology', residency: 'Ophthalmology', fellowship: 'Glaucoma' },
  'Allergy and Immunology': { board: 'American Board of Allergy and Immunology', residency: 'Internal Medicine', fellowship: 'Allergy and Immunology' },
  Nephrology: { board: ABIM, residency: 'Internal Medicine', fellowship: 'Nephrology' },
  'Infectious Disease': { board: ABIM, residency: 'Internal Medicine', fellowship: 'Infectious Disease' },
};

const MEDICAL_SCHOOLS = [
  'Northwestern University Feinberg School of Medicine',
  'University of Chicago Pritzker School of Medicine',
  'University of Michigan Medical School',
  'Rush Medical College',
  'University of Illinois College of Medicine',
  'Loyola University Chicago Stritch School of Medicine',
  'Washington University School of Medicine',
  'University of Wisconsin School of Medicine and Public Health',
];
const OSTEOPATHIC_SCHOOLS = ['Chicago College of Osteopathic Medicine', 'Michigan State University College of Osteopathic Medicine'];
const TRAINING_HOSPITALS = [
  'Northwestern Memorial Hospital',
  'University of Chicago Medical Center',
  'Rush University Medical Center',
  'Loyola University Medical Center',
  'Barnes-Jewish Hospital',
  'Michigan Medicine',
];
const JOURNALS = [
  'JAMA Network Open',
  'BMJ Open',
  'Journal of General Internal Medicine',
  'Annals of Family Medicine',
  'Journal of Hospital Medicine',
  'Patient Education and Counseling',
];
const PLANS: Array<[string, string | null]> = [
  ['Aetna', 'PPO'],
  ['Blue Cross Blue Shield of Illinois', 'PPO'],
  ['Cigna', null],
  ['Humana', 'Medicare Advantage'],
  ['Medicare', null],
  ['Illinois Medicaid', null],
  ['UnitedHealthcare', null],
  ['Blue Cross Community Health Plans', 'HMO'],
];
/** Specialties that run trials in the demo. */
const RESEARCHING = new Set([
  'Cardiovascular Disease',
  'Medical Oncology',
  'Neurology',
  'Endocrinology, Diabetes and Metabolism',
  'Pulmonary Disease',
  'Rheumatology',
  'Infectious Disease',
  'Gastroenterology',
]);

/** Inserts one demo clinician's training, certifications, research, insurance and awards (in the seed's transaction). */
export async function insertDemoProfileDetails(tx: Database, userId: string, person: DemoPerson, index: number) {
  const training = TRAINING[person.specialty] ?? { board: ABIM, residency: 'Internal Medicine' };
  const osteopathic = person.credential.startsWith('DO');
  const schools = osteopathic ? OSTEOPATHIC_SCHOOLS : MEDICAL_SCHOOLS;
  const graduated = 1996 + ((index * 7) % 18);
  const residencyEnd =
    graduated + (training.residency === 'Internal Medicine' || training.residency === 'Pediatrics' || training.residency === 'Family Medicine' ? 3 : 4);
  const fellowshipEnd = training.fellowship
    ? residencyEnd + (training.fellowship.includes('Critical Care') || training.fellowship.includes('Oncology') ? 3 : 2)
    : null;
  const trainedAt = (offset: number) => TRAINING_HOSPITALS[(index + offset) % TRAINING_HOSPITALS.length]!;

  await tx.insert(educationTraining).values([
    {
      userId,
      educationType: 'medical_school',
      medicalSchoolName: schools[index % schools.length]!,
      degree: osteopathic ? 'DO' : 'MD',
      startYear: graduated - 4,
      graduationYear: graduated,
      displayOrder: 0,
    },
    {
      userId,
      educationType: 'residency',
      institutionName: trainedAt(0),
      programName: training.residency,
      startYear: graduated,
      endYear: residencyEnd,
      displayOrder: 1,
    },
    ...(training.fellowship && fellowshipEnd
      ? [
          {
            userId,
            educationType: 'fellowship',
            institutionName: trainedAt(2),
            fellowshipSpecialtyName: training.fellowship,
            startYear: residencyEnd,
            completionYear: fellowshipEnd,
            displayOrder: 2,
          },
        ]
      : []),
  ]);
  const certified = (fellowshipEnd ?? residencyEnd) + 1;
  await tx
    .insert(boardCertifications)
    .values([
      ...(training.fellowship
        ? [{ userId, certificationBoard: training.board, specialty: training.residency, certificationYear: residencyEnd + 1, displayOrder: 0 }]
        : []),
      { userId, certificationBoard: training.board, specialty: training.fellowship ?? person.specialty, certificationYear: certified, displayOrder: 1 },
    ]);

  // Most clinicians have written something; the terms they treat give the topics.
  const topics = person.terms.length ? person.terms : [person.specialty];
  if (index % 4 !== 3) {
    await tx.insert(publications).values(
      topics.slice(0, index % 3 === 0 ? 3 : 2).map((topic, i) => ({
        userId,
        title: [
          `Outcomes of ${topic.toLowerCase()} care in a community health system`,
          `Shared decision-making for ${topic.toLowerCase()}: a clinic-based study`,
          `What patients want to know about ${topic.toLowerCase()}: a survey of ${person.specialty.toLowerCase()} visits`,
        ][i]!,
        authors: [`${person.last} ${person.first[0]}`, 'Okoye A', 'Lindgren P'],
        journalName: JOURNALS[(index + i) % JOURNALS.length]!,
        publicationDate: `${Math.min(2025, certified + 2 + i * 3)}`,
        publicationType: 'peer_reviewed',
        displayOrder: i,
      })),
    );
  }
  if (RESEARCHING.has(person.specialty)) {
    const topic = topics[0]!;
    await tx.insert(clinicalTrials).values({
      userId,
      trialTitle: `A study of a care program for adults with ${topic.toLowerCase()}`,
      phase: index % 2 === 0 ? 'Phase 3' : 'Phase 2',
      status: index % 3 === 0 ? 'completed' : 'recruiting',
      startDate: `${2021 + (index % 4)}-01`,
      sponsor: 'Northfield Health Research Institute',
      role: index % 2 === 0 ? 'principal_investigator' : 'sub_investigator',
      description: `Adults with ${topic.toLowerCase()} are randomly assigned to a nurse-led care program or usual care.`,
      conditionsStudied: [topic],
      displayOrder: 0,
    });
  }
  // Five to seven plans each, Medicare for most.
  const plans = Array.from({ length: 5 + (index % 3) }, (_, i) => PLANS[(index + i * 3) % PLANS.length]!).filter(
    (plan, i, all) => all.findIndex((p) => p[0] === plan[0]) === i,
  );
  await tx.insert(insuranceAccepted).values(plans.map(([insuranceName, planType], i) => ({ userId, insuranceName, planType, displayOrder: i })));
  if (index % 3 !== 2) {
    await tx.insert(awardsRecognitions).values({
      userId,
      awardName: index % 2 === 0 ? 'Patient Experience Award' : 'Excellence in Teaching Award',
      awardingOrganization: index % 2 === 0 ? 'Northfield Health' : 'Northfield Health Residency Programs',
      awardYear: 2019 + (index % 6),
      displayOrder: 0,
    });
  }
  const filled: ProfileSectionId[] = ['education_training', 'board_certifications', 'insurance'];
  if (index % 4 !== 3) filled.push('publications');
  if (RESEARCHING.has(person.specialty)) filled.push('clinical_trials');
  if (index % 3 !== 2) filled.push('awards');
  for (const section of filled) {
    await recordProvenance(tx, userId, section, [LIST_FIELD], 'provider');
  }
}

/** Colour pairs for the avatars' gradients: deep enough for white initials (WCAG large text). */
const AVATAR_COLOURS: Array<[string, string]> = [
  ['#1b55a6', '#2b6cc4'],
  ['#0f766e', '#0d9488'],
  ['#6d28d9', '#7c3aed'],
  ['#be185d', '#db2777'],
  ['#b45309', '#c2410c'],
  ['#15803d', '#16a34a'],
  ['#cf3d20', '#ef5a3a'],
  ['#334155', '#475569'],
];

/**
 * A portrait-free avatar (no real faces exist offline, and a made-up face would pass for a person):
 * the clinician's initials on a soft two-colour gradient with two faint circles, 400 px square PNG.
 * It then goes through the same decoding, re-encoding and storage as an uploaded photo.
 */
export async function demoAvatar(initials: string, index: number) {
  const [from, to] = AVATAR_COLOURS[index % AVATAR_COLOURS.length]!;
  const letters = initials
    .replace(/[^A-Z]/gi, '')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="400" height="400" fill="url(#g)"/>
  <circle cx="${330 - (index % 4) * 20}" cy="${70 + (index % 3) * 15}" r="150" fill="#fff" fill-opacity="0.10"/>
  <circle cx="${60 + (index % 5) * 10}" cy="360" r="120" fill="#fff" fill-opacity="0.07"/>
  <text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="Inter, 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif" font-size="150" font-weight="600" fill="#fff" letter-spacing="4">${letters}</text>
</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}
