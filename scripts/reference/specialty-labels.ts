/**
 * Search helpers for the specialty picker: the short forms people type ("ENT", "GI") and a few
 * keywords taken from the NUCC names and definitions.
 */

/**
 * Abbreviations and everyday names, keyed by specialty or by base name (then every variant shares
 * them). Our own list of widely used forms; the build fails if a key matches no specialty.
 */
export const ABBREVIATIONS: Record<string, readonly string[]> = {
  'Adult Congenital Heart Disease': ['ACHD'],
  'Advanced Heart Failure and Transplant Cardiology': ['AHFTC', 'Heart Failure'],
  'Allergy and Immunology': ['A&I', 'Allergist'],
  'Anatomic Pathology and Clinical Pathology': ['AP/CP'],
  Anesthesiology: ['Anesthesia'],
  'Behavioral Neurology and Neuropsychiatry': ['BNNP'],
  'Blood Banking and Transfusion Medicine': ['BBTM', 'Transfusion Medicine'],
  'Cardiothoracic Surgery': ['CT Surgery', 'CTS', 'Thoracic Surgery'],
  'Cardiovascular Disease': ['CVD', 'Cardiology'],
  'Child and Adolescent Psychiatry': ['CAP', 'Child Psychiatry'],
  'Clinical Cardiac Electrophysiology': ['EP', 'CCEP', 'Electrophysiology'],
  'Colon and Rectal Surgery': ['CRS', 'Colorectal Surgery'],
  'Critical Care Medicine': ['CCM', 'ICU', 'Intensivist'],
  'Developmental-Behavioral Pediatrics': ['DBP'],
  'Diagnostic Radiology': ['DR', 'Radiology'],
  Dermatology: ['Derm'],
  'Electrodiagnostic Medicine': ['EDX', 'EMG'],
  'Emergency Medical Services': ['EMS'],
  'Emergency Medicine': ['EM', 'ED', 'ER'],
  'Endocrinology, Diabetes and Metabolism': ['Endo', 'Endocrinology'],
  'Family Medicine': ['FM', 'Family Practice'],
  Gastroenterology: ['GI'],
  'General Practice': ['GP'],
  'General Surgery': ['Surgery'],
  'Geriatric Medicine': ['Geriatrics'],
  'Gynecologic Oncology': ['Gyn Onc'],
  Gynecology: ['GYN'],
  'Hematology and Oncology': ['Heme/Onc', 'Hem/Onc'],
  'Hospice and Palliative Medicine': ['HPM', 'Palliative Care'],
  'Hospital Medicine': ['Hospitalist'],
  'Independent Medical Examiner': ['IME'],
  'Infectious Disease': ['ID'],
  'Internal Medicine': ['IM', 'Internist'],
  'Interventional Cardiology': ['IC'],
  'Interventional Pain Medicine': ['IPM'],
  'Magnetic Resonance Imaging (MRI)': ['MRI'],
  'Maternal and Fetal Medicine': ['MFM', 'Perinatology'],
  'Medical Oncology': ['Med Onc', 'Oncology'],
  'Mohs Micrographic Surgery': ['Mohs'],
  'Neonatal-Perinatal Medicine': ['NICU', 'Neonatology'],
  Nephrology: ['Renal'],
  'Neurocritical Care': ['Neuro ICU', 'NCC'],
  Neurology: ['Neuro'],
  'Neuromusculoskeletal Medicine and OMM': ['NMM', 'OMM', 'OMT'],
  Neurosurgery: ['NSGY', 'Neurological Surgery'],
  'Nuclear Medicine': ['Nuc Med'],
  Obstetrics: ['OB'],
  'Obstetrics and Gynecology': ['OB/GYN', 'OBGYN'],
  'Occupational Medicine': ['Occ Med'],
  Ophthalmology: ['Ophtho', 'Eye'],
  'Oral and Maxillofacial Surgery': ['OMFS', 'OMS'],
  'Orthopedic Surgery': ['Ortho', 'Orthopaedics'],
  Otolaryngology: ['ENT', 'Ear, Nose and Throat'],
  'Otology and Neurotology': ['Neurotology'],
  'Pain Medicine': ['Pain Management'],
  'Pediatric Critical Care Medicine': ['PICU', 'PCCM'],
  'Pediatric Emergency Medicine': ['PEM'],
  'Pediatric Hematology-Oncology': ['Peds Heme/Onc'],
  Pediatrics: ['Peds'],
  'Physical Medicine and Rehabilitation': ['PM&R', 'PMR', 'Physiatry'],
  'Plastic Surgery': ['Plastics'],
  'Preventive Medicine/Occupational Environmental Medicine': ['OEM'],
  Psychiatry: ['Psych'],
  'Psychosomatic Medicine': ['C-L Psychiatry', 'Consultation-Liaison Psychiatry'],
  'Pulmonary Disease': ['Pulm', 'Pulmonology'],
  'Radiation Oncology': ['Rad Onc'],
  'Reproductive Endocrinology': ['REI', 'Fertility'],
  Rheumatology: ['Rheum'],
  'Surgical Critical Care': ['SCC'],
  'Undersea and Hyperbaric Medicine': ['UHM', 'Hyperbaric Medicine'],
  'Urogynecology and Reconstructive Pelvic Surgery': ['URPS', 'FPMRS', 'Urogynecology'],
  Urology: ['Uro'],
  'Vascular and Interventional Radiology': ['IR', 'VIR', 'Interventional Radiology'],
};

export function abbreviationsFor(specialty: string, baseName: string): string[] {
  return [...(ABBREVIATIONS[specialty] ?? ABBREVIATIONS[baseName] ?? [])];
}

/** Keys of ABBREVIATIONS that match no specialty or base name; the build reports them as errors. */
export function unusedAbbreviationKeys(names: ReadonlySet<string>): string[] {
  return Object.keys(ABBREVIATIONS).filter((key) => !names.has(key));
}

/** Words that say nothing about which specialty is meant; NUCC definitions are full of them. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been both by can care certain certified common complex condition conditions consultant ' +
    'diagnose diagnoses diagnosis diagnostic disease diseases disorder disorders doctor during either evaluation ' +
    'evaluate evaluates field for from general has have health in includes including into is it its knowledge ' +
    'management manage manages medical medicine mmd md m.d. of on or other patient patients physician physicians ' +
    'practice primarily problems provide provides qualified related services skills special specialist specialists ' +
    'specializes specialty such that the their these this those through to trained training treat treating treatment ' +
    'treats type types use used who whose with within work works also well board added qualifications certificate ' +
    'american osteopathic osteopathy internist subspecialist subspecialty dedicated expertise approach approaches ' +
    'involving involves variety wide range level high total limited entity while following major specific ' +
    'outcome outcomes complicated persons person education changes normal broad means structures upper lower ' +
    'secondary primary functional examination system systems organ organs human individual individuals ' +
    'multiple abnormal acute chronic severe unspecified other acquired administrative after found association ' +
    'stable operation process procedure procedures'
  ).split(' '),
);

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/&/g, ' ')
    .split(/[^a-z0-9-]+/)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !/^\d+$/.test(w));
}

/** Lower-case content words of a text, for building the vocabulary the keywords are checked against. */
export function contentWords(text: string): string[] {
  return tokens(text);
}

/**
 * Name words first (they are what people search for), then the practitioner nouns from the definition
 * ("cardiologist", "pediatrician"), then definition words that also occur in disease names (`vocabulary`),
 * which keeps "kidney" and "dialysis" but drops NUCC's boilerplate ("eligible", "competency").
 */
export function keywordsFor(names: readonly string[], definition: string, vocabulary: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const add = (word: string) => {
    if (out.length < 8 && !out.includes(word)) out.push(word);
  };
  names.flatMap(tokens).forEach(add);
  const definitionWords = tokens(definition);
  definitionWords.filter((w) => /(?:ist|ian)s?$/.test(w) && w !== 'physician').forEach((w) => add(w.replace(/s$/, '')));
  definitionWords.filter((w) => w.length >= 5 && vocabulary.has(w)).forEach(add);
  return out;
}
