import { S } from './icd-rules.ts';

/**
 * Generalist and cross-cutting specialties treat conditions that the organ-based map gives to someone
 * else: a family physician manages hypertension, a hospitalist pneumonia, a palliative physician
 * advanced cancer. Without these lists their profiles would offer no conditions at all. They are added
 * to the ICD category titles only; the rare Disease Ontology terms filed under the same category
 * (Barth syndrome under lipid disorders) stay with the specialists.
 */
export interface ConditionOverlay {
  specialties: readonly string[];
  codes: readonly string[];
}

export const CONDITION_OVERLAYS: readonly ConditionOverlay[] = [
  {
    // Adult primary care: the chronic diseases and everyday complaints of an adult panel.
    specialties: [S.FM, S.IM, 'General Practice', 'Adult Medicine'],
    codes: [
      'B35',
      'D50',
      'E03',
      'E11',
      'E55',
      'E66',
      'E78',
      'E87',
      'F17',
      'F32',
      'F41',
      'F43',
      'G43',
      'G47',
      'H61',
      'H66',
      'I10',
      'I25',
      'I48',
      'I50',
      'J01',
      'J02',
      'J06',
      'J20',
      'J30',
      'J44',
      'J45',
      'K21',
      'K29',
      'K58',
      'K59',
      'L30',
      'L70',
      'M17',
      'M19',
      'M25',
      'M54',
      'M79',
      'M81',
      'N18',
      'N39',
      'N40',
      'N95',
    ],
  },
  {
    // Well-child and acute pediatric care.
    specialties: [S.PEDS, S.FM, 'General Practice'],
    codes: [
      'B08',
      'B86',
      'D50',
      'E66',
      'F80',
      'F84',
      'F90',
      'F91',
      'H10',
      'H65',
      'H66',
      'J02',
      'J03',
      'J05',
      'J06',
      'J20',
      'J21',
      'J30',
      'J45',
      'K21',
      'K59',
      'L20',
      'L22',
      'L70',
      'N39',
      'P59',
    ],
  },
  {
    // The usual reasons for a general medical admission.
    specialties: ['Hospital Medicine'],
    codes: ['A41', 'D62', 'E11', 'E86', 'E87', 'F10', 'I26', 'I48', 'I50', 'I63', 'J18', 'J44', 'J69', 'J96', 'K56', 'K85', 'K92', 'L03', 'N17', 'N39'],
  },
  {
    // Intensive care: organ failure, shock states and major trauma.
    specialties: [S.CCM, 'Surgical Critical Care'],
    codes: ['A40', 'A41', 'E87', 'G93', 'I26', 'I46', 'J18', 'J80', 'J96', 'K65', 'K72', 'N17', 'S06', 'S27', 'T79'],
  },
  {
    // Serious illness where symptom control and goals of care lead.
    specialties: ['Hospice and Palliative Medicine'],
    codes: ['C25', 'C34', 'C71', 'C78', 'C79', 'C80', 'F03', 'G12', 'G20', 'G30', 'G35', 'I50', 'J44', 'J84', 'K72', 'N18'],
  },
  {
    // Children brought to the emergency department.
    specialties: ['Pediatric Emergency Medicine'],
    codes: ['A08', 'J05', 'J21', 'J45', 'K35', 'K56', 'N39', 'S06', 'S42', 'S52', 'T17', 'T18', 'T39', 'T78'],
  },
];

/**
 * NUCC lists some specialties twice under different names (Therapeutic Radiology is the older name of
 * Radiation Oncology). The first name gets every condition the second has, Disease Ontology terms too.
 */
export const SAME_CONDITIONS_AS: Readonly<Record<string, string>> = {
  'Therapeutic Radiology': S.RADONC,
  'Plastic and Reconstructive Surgery': S.PS,
};
