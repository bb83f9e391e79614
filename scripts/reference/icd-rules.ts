/**
 * Shared shape of the ICD-10-CM → specialty maps. A rule covers a range of 3-character categories;
 * when several rules cover a category the narrowest one wins, so exceptions can be written next to
 * the broad rule without caring about order.
 */
export interface IcdRule {
  from: string;
  to: string;
  /**
   * Taxonomy specialty names, or a base name shared by several NUCC boards (e.g. "Sleep Medicine"),
   * which stands for every variant.
   */
  specialties: readonly string[];
}

export function rule(from: string, to: string, ...specialties: string[]): IcdRule {
  if (specialties.length === 0 || specialties.length > 3) throw new Error(`ICD rule ${from}-${to}: give 1 to 3 specialties`);
  if (from > to) throw new Error(`ICD rule ${from}-${to}: range is reversed`);
  return { from, to, specialties };
}

export function one(code: string, ...specialties: string[]): IcdRule {
  return rule(code, code, ...specialties);
}

/**
 * ICD-10-CM 3-character categories sort correctly as plain strings, including the alphanumeric ones
 * (I5A after I59, QA0 after Q99), so ranges compare with < and >.
 */
export function inRange(code: string, r: IcdRule): boolean {
  return code >= r.from && code <= r.to;
}

/** Picks the narrowest rule for each code; returns the codes no rule covers. */
export function assignRules(codes: readonly string[], rules: readonly IcdRule[]): { byCode: Map<string, IcdRule>; uncovered: string[] } {
  const width = new Map(rules.map((r) => [r, codes.filter((c) => inRange(c, r)).length]));
  const byCode = new Map<string, IcdRule>();
  const uncovered: string[] = [];
  for (const code of codes) {
    let best: IcdRule | undefined;
    for (const r of rules) {
      if (inRange(code, r) && (best === undefined || width.get(r)! < width.get(best)!)) best = r;
    }
    if (best) byCode.set(code, best);
    else uncovered.push(code);
  }
  return { byCode, uncovered };
}

/** Rules that no category falls under are typos or stale codes; the build reports them. */
export function unusedRules(codes: readonly string[], rules: readonly IcdRule[]): IcdRule[] {
  return rules.filter((r) => !codes.some((c) => inRange(c, r)));
}

// Short names for specialties the maps use often; they must match the taxonomy's specialty values.
export const S = {
  AI: 'Allergy and Immunology',
  AHF: 'Advanced Heart Failure and Transplant Cardiology',
  ADDICT: 'Addiction Medicine',
  CAP: 'Child and Adolescent Psychiatry',
  CCM: 'Critical Care Medicine',
  CCEP: 'Clinical Cardiac Electrophysiology',
  CN: 'Child Neurology',
  CRS: 'Colon and Rectal Surgery',
  CTS: 'Cardiothoracic Surgery',
  CVD: 'Cardiovascular Disease',
  DBP: 'Developmental-Behavioral Pediatrics',
  DERM: 'Dermatology',
  EM: 'Emergency Medicine',
  ENDO: 'Endocrinology, Diabetes and Metabolism',
  ENT: 'Otolaryngology',
  FM: 'Family Medicine',
  FOOT: 'Foot and Ankle Surgery',
  GEN: 'Clinical Genetics',
  GERI: 'Geriatric Medicine',
  GI: 'Gastroenterology',
  GS: 'General Surgery',
  GYN: 'Gynecology',
  GYNONC: 'Gynecologic Oncology',
  HAND: 'Hand Surgery',
  HEM: 'Hematology (Internal Medicine)',
  HEMONC: 'Hematology and Oncology',
  HEP: 'Hepatology',
  ID: 'Infectious Disease',
  IM: 'Internal Medicine',
  IR: 'Vascular and Interventional Radiology',
  MFM: 'Maternal and Fetal Medicine',
  MOHS: 'Mohs Micrographic Surgery',
  MONC: 'Medical Oncology',
  NEPH: 'Nephrology',
  NEURO: 'Neurology',
  NCC: 'Neurocritical Care',
  NMM: 'Neuromuscular Medicine',
  NPM: 'Neonatal-Perinatal Medicine',
  NSGY: 'Neurosurgery',
  OB: 'Obstetrics',
  OBGYN: 'Obstetrics and Gynecology',
  OCC: 'Occupational Medicine',
  OMFS: 'Oral and Maxillofacial Surgery',
  OPH: 'Ophthalmology',
  ORTHO: 'Orthopedic Surgery',
  OTO: 'Otology and Neurotology',
  PAIN: 'Pain Medicine',
  PEDS: 'Pediatrics',
  PCARD: 'Pediatric Cardiology',
  PDERM: 'Pediatric Dermatology',
  PENDO: 'Pediatric Endocrinology',
  PENT: 'Pediatric Otolaryngology',
  PGI: 'Pediatric Gastroenterology',
  PHO: 'Pediatric Hematology-Oncology',
  PID: 'Pediatric Infectious Diseases',
  PM: 'Physical Medicine and Rehabilitation',
  PNEPH: 'Pediatric Nephrology',
  POPH: 'Pediatric Ophthalmology and Strabismus Specialist',
  PORTHO: 'Pediatric Orthopedic Surgery',
  PPULM: 'Pediatric Pulmonology',
  PRHEUM: 'Pediatric Rheumatology',
  PS: 'Plastic Surgery',
  PSURG: 'Pediatric Surgery',
  PSYCH: 'Psychiatry',
  PULM: 'Pulmonary Disease',
  PURO: 'Pediatric Urology',
  RADONC: 'Radiation Oncology',
  REI: 'Reproductive Endocrinology',
  RETINA: 'Retina Specialist',
  RHEUM: 'Rheumatology',
  SPINE: 'Orthopedic Surgery of the Spine',
  SPORTS: 'Sports Medicine (Orthopedic Surgery)',
  SURGONC: 'Surgical Oncology',
  TOX: 'Medical Toxicology',
  TRAUMA: 'Trauma Surgery',
  UROGYN: 'Urogynecology and Reconstructive Pelvic Surgery',
  URO: 'Urology',
  VASC: 'Vascular Surgery',
  VNEURO: 'Vascular Neurology',
} as const;
