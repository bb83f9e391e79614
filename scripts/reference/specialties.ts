import type { FellowshipSpecialtySeed, ResidencyProgramSeed, SpecialtySeed } from '../../src/server/db/seed/reference-data.ts';
import { cell, type TableRow } from './csv.ts';
import { abbreviationsFor, keywordsFor } from './specialty-labels.ts';

/**
 * NUCC names physicians by certifying board (Classification) and added qualification (Specialization).
 * Vitae shows them as specialties inside hospital departments, so the names are tidied here and each
 * classification is placed in the department a US hospital would usually run it from.
 */

/** Department order also drives the taxonomy's sortOrder, so related departments sit together. */
export const DEPARTMENTS = [
  'Primary Care',
  'Medicine',
  'Pediatrics',
  "Women's Health",
  'Surgery',
  'Neurosciences',
  'Behavioral Health',
  'Emergency Medicine',
  'Anesthesiology',
  'Radiology',
  'Radiation Oncology',
  'Pathology and Laboratory Medicine',
  'Dermatology',
  'Ophthalmology',
  'Rehabilitation',
  'Medical Genetics',
  'Preventive Medicine',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** Every one of the 37 NUCC physician classifications; an unknown classification fails the build. */
const CLASSIFICATION_DEPARTMENTS: Record<string, Department> = {
  'Allergy & Immunology': 'Medicine',
  Anesthesiology: 'Anesthesiology',
  'Clinical Pharmacology': 'Medicine',
  'Colon & Rectal Surgery': 'Surgery',
  Dermatology: 'Dermatology',
  // EMG and nerve-conduction labs are usually run by physiatry.
  'Electrodiagnostic Medicine': 'Rehabilitation',
  'Emergency Medicine': 'Emergency Medicine',
  'Family Medicine': 'Primary Care',
  'General Practice': 'Primary Care',
  Hospitalist: 'Medicine',
  // Disability and workers' compensation examinations belong with occupational medicine.
  'Independent Medical Examiner': 'Preventive Medicine',
  'Integrative Medicine': 'Primary Care',
  'Internal Medicine': 'Medicine',
  'Legal Medicine': 'Preventive Medicine',
  'Medical Genetics': 'Medical Genetics',
  'Neurological Surgery': 'Neurosciences',
  'Neuromusculoskeletal Medicine & OMM': 'Rehabilitation',
  'Neuromusculoskeletal Medicine, Sports Medicine': 'Rehabilitation',
  'Nuclear Medicine': 'Radiology',
  'Obstetrics & Gynecology': "Women's Health",
  Ophthalmology: 'Ophthalmology',
  'Oral & Maxillofacial Surgery': 'Surgery',
  'Orthopaedic Surgery': 'Surgery',
  Otolaryngology: 'Surgery',
  'Pain Medicine': 'Anesthesiology',
  Pathology: 'Pathology and Laboratory Medicine',
  Pediatrics: 'Pediatrics',
  // Vein care is delivered mostly by vascular surgery and interventional teams.
  Phlebology: 'Surgery',
  'Physical Medicine & Rehabilitation': 'Rehabilitation',
  'Plastic Surgery': 'Surgery',
  'Preventive Medicine': 'Preventive Medicine',
  // Split below: neurology goes to Neurosciences, the rest to Behavioral Health.
  'Psychiatry & Neurology': 'Behavioral Health',
  Radiology: 'Radiology',
  Surgery: 'Surgery',
  'Thoracic Surgery (Cardiothoracic Vascular Surgery)': 'Surgery',
  'Transplant Surgery': 'Surgery',
  Urology: 'Surgery',
};

/** Specializations that live in a different department from their classification (keyed by NUCC code). */
const CODE_DEPARTMENTS: Record<string, Department> = {
  '2084A2900X': 'Neurosciences', // Neurocritical Care
  '2084B0040X': 'Neurosciences', // Behavioral Neurology & Neuropsychiatry
  '2084D0003X': 'Neurosciences', // Diagnostic Neuroimaging
  '2084E0001X': 'Neurosciences', // Epilepsy
  '2084N0008X': 'Neurosciences', // Neuromuscular Medicine
  '2084N0400X': 'Neurosciences', // Neurology
  '2084N0402X': 'Neurosciences', // Child Neurology
  '2084N0600X': 'Neurosciences', // Clinical Neurophysiology
  '2084P0005X': 'Neurosciences', // Neurodevelopmental Disabilities
  '2084P0301X': 'Neurosciences', // Brain Injury Medicine
  '2084S0012X': 'Neurosciences', // Sleep Medicine
  '2084V0102X': 'Neurosciences', // Vascular Neurology
  '2084P2900X': 'Neurosciences', // Pain Medicine
  '2084S0010X': 'Neurosciences', // Sports Medicine
  '2085R0001X': 'Radiation Oncology',
  '2085R0203X': 'Radiation Oncology', // Therapeutic Radiology
  '2085R0205X': 'Radiation Oncology', // Radiological Physics
};

/** Display names where NUCC's wording is not what clinicians call the specialty. */
const RENAMES: Record<string, string> = {
  'Neurological Surgery': 'Neurosurgery',
  Surgery: 'General Surgery',
  Hospitalist: 'Hospital Medicine',
  'Thoracic Surgery (Cardiothoracic Vascular Surgery)': 'Cardiothoracic Surgery',
  'Neurology with Special Qualifications in Child Neurology': 'Child Neurology',
  'Clinical Genetics (M.D.)': 'Clinical Genetics',
  'MOHS-Micrographic Surgery': 'Mohs Micrographic Surgery',
  'Developmental - Behavioral Pediatrics': 'Developmental-Behavioral Pediatrics',
  'Plastic Surgery Within the Head and Neck': 'Plastic Surgery within the Head and Neck',
};

/** House style for every specialty string: "and" not "&", US spelling, no "Physician" suffix. */
export function cleanName(nuccName: string): string {
  const renamed = RENAMES[nuccName] ?? nuccName;
  const cleaned = renamed
    .replace(/\s*&\s*/g, ' and ')
    .replace(/Orthopaedic/g, 'Orthopedic')
    .replace(/\s+Physician$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return RENAMES[cleaned] ?? cleaned;
}

/** The label used to tell duplicates apart, e.g. "Critical Care Medicine (Anesthesiology)". */
function classificationLabel(classification: string): string {
  if (classification === 'Neuromusculoskeletal Medicine, Sports Medicine') return 'Neuromusculoskeletal Medicine';
  // NUCC's own display names say "(Surgery)", which reads better than "(General Surgery)" here.
  if (classification === 'Surgery') return 'Surgery';
  return cleanName(classification);
}

interface NuccRow {
  code: string;
  classification: string;
  specialization: string | null;
  definition: string;
}

export interface DerivedSpecialty extends SpecialtySeed {
  /** The name before disambiguation; procedure and condition maps may use it for every variant. */
  baseName: string;
}

function readNuccRows(rows: TableRow[]): NuccRow[] {
  return rows.map((row) => {
    const grouping = cell(row, 'Grouping');
    if (grouping !== 'Allopathic & Osteopathic Physicians') throw new Error(`taxonomy: unexpected grouping ${grouping}`);
    return {
      code: cell(row, 'Code'),
      classification: cell(row, 'Classification'),
      specialization: cell(row, 'Specialization') || null,
      definition: cell(row, 'Definition'),
    };
  });
}

function baseNameOf(row: NuccRow): string {
  // This classification has no specializations; it is sports medicine for NMM-certified physicians.
  if (row.classification === 'Neuromusculoskeletal Medicine, Sports Medicine') return 'Sports Medicine';
  return cleanName(row.specialization ?? row.classification);
}

export function buildTaxonomy(rows: TableRow[], vocabulary: ReadonlySet<string>): DerivedSpecialty[] {
  const nucc = readNuccRows(rows);
  const unmapped = [...new Set(nucc.map((r) => r.classification))].filter((c) => !CLASSIFICATION_DEPARTMENTS[c]);
  if (unmapped.length > 0) throw new Error(`taxonomy: no department for ${unmapped.join(', ')}`);
  const staleCodes = Object.keys(CODE_DEPARTMENTS).filter((code) => !nucc.some((r) => r.code === code));
  if (staleCodes.length > 0) throw new Error(`taxonomy: department overrides for unknown codes ${staleCodes.join(', ')}`);

  const byBase = new Map<string, NuccRow[]>();
  for (const row of nucc) {
    const key = baseNameOf(row).toLowerCase();
    byBase.set(key, [...(byBase.get(key) ?? []), row]);
  }

  const derived = nucc.map((row) => {
    const baseName = baseNameOf(row);
    const label = classificationLabel(row.classification);
    const siblings = byBase.get(baseName.toLowerCase())!;
    // A name shared by several boards keeps its bare form only for the board that is named after it.
    const specialty = siblings.length > 1 && label.toLowerCase() !== baseName.toLowerCase() ? `${baseName} (${label})` : baseName;
    const department = CODE_DEPARTMENTS[row.code] ?? CLASSIFICATION_DEPARTMENTS[row.classification]!;
    return {
      specialty,
      baseName,
      department,
      division: row.classification,
      section: row.specialization,
      specialtyCode: row.code,
      searchKeywords: keywordsFor([specialty, label, row.specialization ?? ''], row.definition, vocabulary),
      commonAbbreviations: abbreviationsFor(specialty, baseName),
      sortOrder: 0,
    };
  });

  const seen = new Map<string, string>();
  for (const s of derived) {
    const key = s.specialty.toLowerCase();
    if (seen.has(key)) throw new Error(`taxonomy: ${s.specialtyCode} and ${seen.get(key)} are both "${s.specialty}"`);
    seen.set(key, s.specialtyCode);
  }

  const deptIndex = (d: string) => DEPARTMENTS.indexOf(d as Department);
  derived.sort(
    (a, b) =>
      deptIndex(a.department) - deptIndex(b.department) ||
      a.division.localeCompare(b.division, 'en') ||
      Number(a.section !== null) - Number(b.section !== null) ||
      a.specialty.localeCompare(b.specialty, 'en'),
  );
  derived.forEach((s, index) => {
    s.sortOrder = index + 1;
  });
  return derived;
}

/** What the seed stores: the derived record without the build-only base name. */
export function toSpecialtySeed({ baseName: _baseName, ...seed }: DerivedSpecialty): SpecialtySeed {
  return seed;
}

/**
 * Programs a graduate matches into straight from medical school (ACGME categorical and integrated
 * residencies), keyed by the NUCC classification whose department they fall under. Classifications
 * that are only reached through another residency (Allergy & Immunology, Pain Medicine, …) have none.
 */
const RESIDENCIES: ReadonlyArray<{ classification: string; names: readonly string[]; department?: Department }> = [
  { classification: 'Anesthesiology', names: ['Anesthesiology'] },
  { classification: 'Dermatology', names: ['Dermatology'] },
  { classification: 'Emergency Medicine', names: ['Emergency Medicine'] },
  { classification: 'Family Medicine', names: ['Family Medicine'] },
  { classification: 'Internal Medicine', names: ['Internal Medicine'] },
  { classification: 'Medical Genetics', names: ['Medical Genetics and Genomics'] },
  { classification: 'Neurological Surgery', names: ['Neurosurgery'] },
  { classification: 'Neuromusculoskeletal Medicine & OMM', names: ['Osteopathic Neuromusculoskeletal Medicine'] },
  { classification: 'Nuclear Medicine', names: ['Nuclear Medicine'] },
  { classification: 'Obstetrics & Gynecology', names: ['Obstetrics and Gynecology'] },
  { classification: 'Ophthalmology', names: ['Ophthalmology'] },
  { classification: 'Oral & Maxillofacial Surgery', names: ['Oral and Maxillofacial Surgery'] },
  { classification: 'Orthopaedic Surgery', names: ['Orthopedic Surgery'] },
  { classification: 'Otolaryngology', names: ['Otolaryngology'] },
  { classification: 'Pathology', names: ['Pathology'] },
  { classification: 'Pediatrics', names: ['Pediatrics'] },
  { classification: 'Physical Medicine & Rehabilitation', names: ['Physical Medicine and Rehabilitation'] },
  { classification: 'Plastic Surgery', names: ['Plastic Surgery'] },
  { classification: 'Preventive Medicine', names: ['Preventive Medicine'] },
  { classification: 'Psychiatry & Neurology', names: ['Psychiatry'] },
  { classification: 'Psychiatry & Neurology', names: ['Neurology', 'Child Neurology'], department: 'Neurosciences' },
  { classification: 'Radiology', names: ['Diagnostic Radiology', 'Interventional Radiology'] },
  { classification: 'Radiology', names: ['Radiation Oncology'], department: 'Radiation Oncology' },
  { classification: 'Surgery', names: ['General Surgery', 'Vascular Surgery'] },
  { classification: 'Thoracic Surgery (Cardiothoracic Vascular Surgery)', names: ['Thoracic Surgery'] },
  { classification: 'Urology', names: ['Urology'] },
];

export function buildResidencyPrograms(): ResidencyProgramSeed[] {
  return RESIDENCIES.flatMap(({ classification, names, department }) => {
    const category = department ?? CLASSIFICATION_DEPARTMENTS[classification];
    if (!category) throw new Error(`residencies: unknown classification ${classification}`);
    return names.map((name) => ({ name: `${name} Residency`, category }));
  }).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * NUCC specializations that are a primary residency or a certification track rather than a
 * fellowship taken after one.
 */
const NOT_FELLOWSHIPS = new Set([
  '207QA0505X', // Adult Medicine
  '207SG0201X', // Clinical Genetics (M.D.)
  '207SG0205X', // Ph.D. Medical Genetics
  '207VG0400X', // Gynecology
  '207VX0000X', // Obstetrics
  '207ZP0101X', // Anatomic Pathology
  '207ZP0102X', // Anatomic Pathology & Clinical Pathology
  '207ZC0006X', // Clinical Pathology
  '207ZP0105X', // Clinical Pathology/Laboratory Medicine
  '208VP0000X', // Pain Medicine under Pain Medicine
  '2084N0400X', // Neurology
  '2084N0402X', // Child Neurology
  '2084P0800X', // Psychiatry
  '2085R0202X', // Diagnostic Radiology
  '2085R0001X', // Radiation Oncology
  '2085R0203X', // Therapeutic Radiology
  '2085R0205X', // Radiological Physics
  '2085R0204X', // Vascular & Interventional Radiology (an integrated residency since 2016)
]);

/** NUCC files psychiatry and neurology under one board; fellowships follow one or the other. */
function fellowshipParent(row: SpecialtySeed): string {
  if (row.division === 'Psychiatry & Neurology') return row.department === 'Neurosciences' ? 'Neurology' : 'Psychiatry';
  if (row.division === 'Radiology' && row.department === 'Radiation Oncology') return 'Radiation Oncology';
  if (row.division === 'Radiology') return 'Diagnostic Radiology';
  return cleanName(row.division);
}

export function buildFellowshipSpecialties(taxonomy: readonly SpecialtySeed[]): FellowshipSpecialtySeed[] {
  const unknown = [...NOT_FELLOWSHIPS].filter((code) => !taxonomy.some((s) => s.specialtyCode === code));
  if (unknown.length > 0) throw new Error(`fellowships: exclusions for unknown codes ${unknown.join(', ')}`);
  const pairs = new Map<string, FellowshipSpecialtySeed>();
  for (const row of taxonomy) {
    if (row.section === null || NOT_FELLOWSHIPS.has(row.specialtyCode)) continue;
    const pair = { parentSpecialty: fellowshipParent(row), subspecialtyName: cleanName(row.section) };
    pairs.set(`${pair.parentSpecialty}\u0000${pair.subspecialtyName}`.toLowerCase(), pair);
  }
  return [...pairs.values()].sort(
    (a, b) => a.parentSpecialty.localeCompare(b.parentSpecialty, 'en') || a.subspecialtyName.localeCompare(b.subspecialtyName, 'en'),
  );
}
