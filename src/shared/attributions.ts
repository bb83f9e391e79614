/** Notices the reference data's terms ask us to show in the product (see src/server/db/seed/data/SOURCES.md). */
export interface DataAttribution {
  name: string;
  notice: string;
  url: string;
}

export const DATA_ATTRIBUTIONS: readonly DataAttribution[] = [
  {
    name: 'Specialty taxonomy',
    notice: 'Health Care Provider Taxonomy code set (version 25.1) © American Medical Association, source: nucc.org. Used without endorsement.',
    url: 'https://www.nucc.org',
  },
  {
    name: 'Conditions and reasons for visit',
    notice: 'ICD-10-CM (April 1, 2026 release) from CDC/NCHS; ICD-10 © World Health Organization, adapted by NCHS with permission.',
    url: 'https://www.cdc.gov/nchs/icd/icd-10-cm/',
  },
  {
    name: 'Disease names',
    notice: 'Human Disease Ontology (c. 2020), CC0 1.0.',
    url: 'https://disease-ontology.org',
  },
  {
    name: 'Everyday names for conditions (directory search)',
    notice: 'Exact synonyms from the Human Disease Ontology, release 2026-07-31 (NCIthesaurus subset), CC0 1.0.',
    url: 'https://disease-ontology.org',
  },
  {
    name: 'Languages',
    notice: 'ISO 639-1 language codes from the Library of Congress registration authority list (ODC-PDDL 1.0 via datasets/language-codes).',
    url: 'https://www.loc.gov/standards/iso639-2/',
  },
  {
    name: 'Medical schools',
    notice: 'U.S. medical school directory compiled from LCME, AAMC and AACOM public listings (2026–2027 cycle).',
    url: 'https://lcme.org',
  },
  {
    name: 'ZIP code locations (directory distance search)',
    notice: 'US ZIP code centroids from the zipcodes package, © 2007 Dav Glass (BSD licence), data from federalgovernmentzipcodes.us.',
    url: 'https://github.com/davglass/zipcodes',
  },
];
