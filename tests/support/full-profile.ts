/**
 * A realistic, full provider profile (about 27 KB as JSON): every section and extra list filled, 15
 * publications, 3 locations, 4 trials, 5 media items, 12 expertise terms. Written through the real
 * PUT routes, so the same data serves the API tests and the benchmarks.
 */

import type { AgeGroup, AppointmentType, PracticeType, TelehealthService } from '../../src/shared/practice-vocabularies';

export interface FullProfileRefs {
  /** 12 term ids the provider's hospital (or the defaults) knows. */
  termIds: string[];
  medicalSchoolId?: string;
  /** License numbers are unique per state across providers: a suffix makes several full profiles. */
  licenseSuffix?: string;
}

const JOURNALS = ['Circulation', 'JAMA Cardiology', 'Heart Rhythm', 'European Heart Journal', 'Journal of the American College of Cardiology'];

export function fullProfileSections(refs: FullProfileRefs): Record<string, unknown> {
  const license = (number: string) => `${number}${refs.licenseSuffix ?? ''}`;
  return {
    professional_identity: {
      fullLegalName: 'Beatriz Elena Castillo',
      firstName: 'Beatriz',
      lastName: 'Castillo',
      preferredName: 'Bea',
      pronouns: 'she/her',
      professionalEmail: 'bcastillo@lakeside.example',
      jobTitle: 'Attending Cardiologist',
      department: 'Medicine',
      division: 'Cardiology',
      primarySpecialty: 'Cardiovascular Disease',
      primarySpecialties: ['Cardiovascular Disease'],
      additionalSpecialties: ['Clinical Cardiac Electrophysiology'],
      credentials: [
        { type: 'degree', name: 'MD' },
        { type: 'degree', name: 'MPH' },
      ],
      academicTitles: ['Associate Professor of Medicine'],
      certifications: [{ name: 'Cardiovascular Disease', issuer: 'ABIM', year: 2012 }],
      licenses: [{ number: license('036-145210'), state: 'IL' }],
    },
    education_training: {
      items: [
        {
          educationType: 'medical_school',
          ...(refs.medicalSchoolId ? { medicalSchoolId: refs.medicalSchoolId } : { medicalSchoolName: 'University of Michigan Medical School' }),
          degree: 'MD',
          startYear: 2002,
          graduationYear: 2006,
          location: 'Ann Arbor, MI',
        },
        {
          educationType: 'residency',
          institutionName: 'Massachusetts General Hospital',
          programName: 'Internal Medicine',
          startYear: 2006,
          endYear: 2009,
          location: 'Boston, MA',
        },
        {
          educationType: 'fellowship',
          institutionName: 'Brigham and Women’s Hospital',
          fellowshipSpecialtyName: 'Cardiovascular Disease',
          startYear: 2009,
          completionYear: 2012,
        },
        { educationType: 'continuing_education', institutionName: 'Harvard T.H. Chan School of Public Health', degree: 'MPH', startYear: 2012, endYear: 2013 },
      ],
    },
    practice_essentials: {
      acceptingNewPatients: true,
      // The page's own choices (src/shared/practice-vocabularies.ts); a listing-service import may store others.
      ageGroupsTreated: ['Adults', 'Seniors'] satisfies AgeGroup[],
      patientAgeGroups: ['Adults', 'Seniors'] satisfies AgeGroup[],
      appointmentTypes: ['In-person visits', 'Video visits'] satisfies AppointmentType[],
      schedulingNotes: 'Referral preferred; same-week visits for new atrial fibrillation.',
      practiceName: 'Lakeside Heart Rhythm Center',
      practiceType: 'Hospital-employed practice' satisfies PracticeType,
      hospitalAffiliations: ['Lakeside Hospital'],
      groupAffiliations: ['Lakeside Physicians Group'],
      telehealthServices: ['Video visits', 'Phone consultations'] satisfies TelehealthService[],
      practiceFocus: 'Atrial fibrillation, syncope and device management',
    },
    locations: {
      items: [
        {
          locationName: 'Lakeside Heart Center',
          address: '251 E Huron St',
          addressLine2: 'Suite 8-100',
          city: 'Chicago',
          state: 'IL',
          postalCode: '60611',
          country: 'US',
          floor: '8',
          phoneNumber: '(312) 555-0100',
          faxNumber: '312-555-0101',
          website: 'https://lakeside.example/heart',
          isPrimaryLocation: true,
          acceptingNewPatients: true,
          telehealthAvailable: true,
          specialNotes: 'Parking in garage B',
        },
        {
          locationName: 'Evanston Office',
          address: '1000 Central St',
          city: 'Evanston',
          state: 'IL',
          postalCode: '60201',
          phoneNumber: '(847) 555-0110',
          acceptingNewPatients: true,
        },
        {
          locationName: 'Oak Park Clinic',
          address: '520 S Maple Ave',
          city: 'Oak Park',
          state: 'IL',
          postalCode: '60304',
          phoneNumber: '(708) 555-0120',
          telehealthAvailable: true,
        },
      ],
    },
    biography: {
      professionalSummary:
        'Dr. Beatriz Castillo is a cardiac electrophysiologist who cares for adults with heart rhythm disorders, including atrial fibrillation, supraventricular tachycardia and inherited arrhythmia syndromes. She performs catheter ablation and implants pacemakers and defibrillators, and leads the center’s program for patients with fainting spells.',
      publicSummary: 'I help people whose heart beats too fast, too slow or irregularly, and I explain every option in plain words.',
      personalInterests: 'Cycling, Chicago architecture, Latin American literature',
      awardsHonors: 'Top Doctors 2023 (Chicago Magazine)',
      memberships: 'Heart Rhythm Society; American College of Cardiology',
      volunteerWork: 'Free cardiac screening at community health fairs',
      languagesSpoken: 'English, Spanish, Portuguese',
    },
    publications: {
      items: Array.from({ length: 15 }, (_, i) => ({
        title: `Outcomes of catheter ablation for atrial fibrillation in older adults: cohort ${i + 1}`,
        authors: ['Castillo BE', 'Okafor M', 'Lindqvist J', 'Nguyen T'],
        journalName: JOURNALS[i % JOURNALS.length],
        publicationDate: `${2010 + i} Mar`,
        volume: String(100 + i),
        issue: String((i % 12) + 1),
        pages: `${100 + i * 10}-${108 + i * 10}`,
        doi: `10.1161/CIRCEP.${2010 + i}.${String(1000 + i)}`,
        pmid: String(30000000 + i * 17),
        publicationType: i % 4 === 0 ? 'review' : 'peer_reviewed',
        abstract:
          'Background: Catheter ablation is increasingly offered to older adults. Methods: We followed a prospective cohort. Results: Freedom from arrhythmia at one year was high and complications were rare.',
        keywords: ['atrial fibrillation', 'catheter ablation', 'older adults'],
        isFeatured: i < 2,
      })),
    },
    clinical_trials: {
      items: Array.from({ length: 4 }, (_, i) => ({
        trialTitle: `Early Rhythm Control in Atrial Fibrillation, study ${i + 1}`,
        nctNumber: `NCT0${4000000 + i * 1111}`,
        phase: i % 2 === 0 ? 'Phase 3' : 'Phase 2',
        status: i === 0 ? 'recruiting' : 'completed',
        startDate: `${2016 + i}-01`,
        completionDate: `${2021 + i}-12`,
        sponsor: 'National Heart, Lung, and Blood Institute',
        role: i === 0 ? 'principal_investigator' : 'sub_investigator',
        description: 'A randomized trial of early rhythm control against usual care in adults with recently diagnosed atrial fibrillation.',
        conditionsStudied: ['Atrial fibrillation', 'Stroke prevention'],
      })),
    },
    media_press: {
      items: Array.from({ length: 5 }, (_, i) => ({
        title: `What to know about a racing heart, part ${i + 1}`,
        mediaType: i % 2 === 0 ? 'interview' : 'article',
        publicationSource: i % 2 === 0 ? 'Chicago Tribune' : 'WBEZ',
        date: `202${i}-02-14`,
        url: `https://news.example/heart-rhythm-${i + 1}`,
        description: 'An interview about palpitations and when to see a doctor.',
        isFeatured: i === 0,
      })),
    },
    medical_expertise: { items: refs.termIds.slice(0, 12).map((termId) => ({ termId })) },
    languages: {
      items: [
        { languageCode: 'en', proficiency: 'native' },
        { languageCode: 'es', proficiency: 'fluent' },
        { languageCode: 'pt', proficiency: 'conversational' },
      ],
    },
    licenses: {
      items: [
        {
          licenseName: 'Physician and Surgeon',
          licenseNumber: license('036-145210'),
          issuingState: 'IL',
          issuingAuthority: 'IDFPR',
          issueDate: '2012-07-01',
          expirationDate: '2027-07-31',
        },
        { licenseName: 'Physician', licenseNumber: license('MD-88213'), issuingState: 'WI', issueDate: '2015-01-15' },
      ],
    },
    social_media: {
      items: [
        { platform: 'LinkedIn', username: 'beacastillo', profileUrl: 'https://linkedin.com/in/beacastillo' },
        { platform: 'Doximity', username: 'bcastillo', profileUrl: 'https://doximity.com/pub/bcastillo' },
      ],
    },
    board_certifications: {
      items: [
        { certificationBoard: 'ABIM', specialty: 'Cardiovascular Disease', certificationYear: 2012, expirationYear: 2032 },
        { certificationBoard: 'ABIM', specialty: 'Clinical Cardiac Electrophysiology', certificationYear: 2014, expirationYear: 2034 },
      ],
    },
    hospital_affiliations: {
      items: [
        { hospitalName: 'Lakeside Hospital', department: 'Medicine', title: 'Attending', startYear: 2013, isPrimary: true },
        { hospitalName: 'Evanston General', department: 'Cardiology', title: 'Consultant', startYear: 2016 },
      ],
    },
    awards: {
      items: [
        { awardName: 'Top Doctors', awardingOrganization: 'Chicago Magazine', awardYear: 2023, description: 'Cardiology' },
        { awardName: 'Teaching Award', awardingOrganization: 'Lakeside Internal Medicine Residency', awardYear: 2019 },
      ],
    },
    insurance: {
      items: [{ insuranceName: 'Blue Cross Blue Shield', planType: 'PPO' }, { insuranceName: 'Medicare' }, { insuranceName: 'Aetna', planType: 'HMO' }],
    },
  };
}

/** Saves every section through `put(sectionId, body)`, which must throw on a refusal. */
export async function fillFullProfile(put: (sectionId: string, body: unknown) => Promise<void>, refs: FullProfileRefs) {
  for (const [sectionId, body] of Object.entries(fullProfileSections(refs))) await put(sectionId, body);
}
