/**
 * Everyday words patients type for conditions and procedures, with the clinical words our expertise
 * terms use for them (the default terms are Disease Ontology and procedure names). A search for the
 * everyday phrase also searches its clinical words. Each clinical word is checked against the
 * default terms by a unit test, so none of them is a word no term contains.
 */
export const LAY_TERMS: ReadonlyArray<readonly [lay: string, clinical: readonly string[]]> = [
  ['heart attack', ['myocardial infarction']],
  ['high blood pressure', ['hypertension']],
  ['low blood pressure', ['hypotension']],
  ['stroke', ['cerebral infarction', 'cerebrovascular']],
  ['irregular heartbeat', ['arrhythmia', 'atrial fibrillation']],
  ['high cholesterol', ['hypercholesterolemia', 'hyperlipidemia']],
  ['blood clot', ['thrombosis', 'embolism']],
  ['flu', ['influenza']],
  ['heartburn', ['gastroesophageal reflux']],
  ['acid reflux', ['gastroesophageal reflux']],
  ['kidney stones', ['nephrolithiasis', 'calculus of kidney']],
  ['gallstones', ['cholelithiasis']],
  ['pink eye', ['conjunctivitis']],
  ['shingles', ['herpes zoster']],
  ['chickenpox', ['varicella']],
  ['broken bone', ['fracture']],
  ['cancer', ['cancer', 'carcinoma', 'malignant']],
  ['hay fever', ['allergic rhinitis']],
  ['ear infection', ['otitis media']],
  ['sinus infection', ['sinusitis']],
  ['bladder infection', ['cystitis']],
  ['underactive thyroid', ['hypothyroidism']],
  ['overactive thyroid', ['hyperthyroidism']],
  ['seizures', ['epilepsy', 'seizure']],
  ['memory loss', ['dementia', 'alzheimer']],
  ['hives', ['urticaria']],
  ['eczema', ['atopic dermatitis', 'eczema']],
  ['fainting', ['syncope']],
  ['dizziness', ['vertigo']],
  ['nosebleeds', ['epistaxis']],
  ['collapsed lung', ['pneumothorax']],
  ['lazy eye', ['amblyopia']],
  ['crossed eyes', ['strabismus']],
  ['piles', ['hemorrhoid']],
  ['sleep apnoea', ['sleep apnea']],
  ['wear and tear arthritis', ['osteoarthritis']],
  ['thinning bones', ['osteoporosis']],
  ['enlarged prostate', ['prostatic hyperplasia', 'benign prostatic']],
  ['c-section', ['cesarean']],
  ['knee replacement', ['knee arthroplasty', 'knee replacement']],
  ['hip replacement', ['hip arthroplasty', 'hip resurfacing']],
  ['weight loss surgery', ['bariatric']],
  ['hair loss', ['alopecia']],
  ['baldness', ['alopecia']],
];

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The patient's words and, for each everyday phrase they contain, the words with that phrase replaced
 * by each of its clinical words ("heart attack care" → also "myocardial infarction care").
 */
export function searchAlternatives(words: string): string[] {
  const query = normalise(words);
  if (!query) return [];
  const alternatives = new Set([query]);
  for (const [lay, clinical] of LAY_TERMS) {
    const at = query.match(new RegExp(`(^|[^a-z])${lay.replace(/[-]/g, '\\-')}($|[^a-z])`));
    if (!at) continue;
    for (const word of clinical) {
      alternatives.add(normalise(query.replace(lay, word)));
      alternatives.add(word);
    }
  }
  return [...alternatives].slice(0, 8);
}
