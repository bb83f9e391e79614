/**
 * Turns the public reference files (a checkout of the shared data folder) into the seed JSON under
 * src/server/db/seed/data/. The app reads only the generated JSON, which is committed, so run this
 * again only when a source or one of the editorial maps in scripts/reference/ changes.
 *
 *   npx tsx scripts/build-reference-data.ts [sharedDataDir]   (default: ../shared/data from the project root)
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFERENCE_FILES } from '../src/server/db/seed/reference-data.ts';
import { buildDiseaseOntologyConditions, buildIcdConditions, buildReasons, readCategories } from './reference/conditions.ts';
import { cell, readTable } from './reference/csv.ts';
import { buildLanguages, buildMedicalSchools } from './reference/directories.ts';
import { OutputDir } from './reference/output.ts';
import { sourcesMarkdown } from './reference/sources-md.ts';
import { contentWords, unusedAbbreviationKeys } from './reference/specialty-labels.ts';
import { buildFellowshipSpecialties, buildResidencyPrograms, buildTaxonomy, toSpecialtySeed } from './reference/specialties.ts';
import { buildProcedures, fanOut, SpecialtyResolver, termReport } from './reference/terms.ts';

/** More rows than this would make the seed slow and the picker noisy; trim the maps instead. */
const MAX_TERM_ROWS = 40_000;
const MAX_TOTAL_BYTES = 8 * 1024 * 1024;

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = resolve(projectRoot, process.argv[2] ?? '../shared/data');
const outDir = join(projectRoot, 'src', 'server', 'db', 'seed', 'data');

function source(relative: string): string {
  const path = join(sourceDir, relative);
  if (!existsSync(path)) throw new Error(`missing source file ${path}`);
  return path;
}

function main(): void {
  const languages = buildLanguages(readTable(source('languages/iso639_1_common42.csv')));
  const schools = buildMedicalSchools(readTable(source('medical_schools/us_medical_schools_2026.csv')));

  const categoryRows = readTable(source('conditions/icd10cm-categories-April-1-2026.csv'));
  const doTree = readTable(source('conditions/disease_ontology_tree.tsv'));
  // Definition words count as keywords only if they also name diseases somewhere.
  const vocabulary = new Set([...categoryRows.map((r) => cell(r, 'description')), ...doTree.map((r) => cell(r, 'DO_NAME'))].flatMap(contentWords));
  const taxonomy = buildTaxonomy(readTable(source('specialties/nucc_taxonomy_251_physicians.csv')), vocabulary);
  const staleAbbreviations = unusedAbbreviationKeys(new Set(taxonomy.flatMap((s) => [s.specialty, s.baseName])));
  if (staleAbbreviations.length > 0) throw new Error(`abbreviations for unknown specialties: ${staleAbbreviations.join(', ')}`);
  const residencyPrograms = buildResidencyPrograms();
  const fellowships = buildFellowshipSpecialties(taxonomy);

  const categories = readCategories(categoryRows);
  const icd = buildIcdConditions(categories);
  const diseaseOntology = buildDiseaseOntologyConditions(doTree, readTable(source('conditions/disease_ontology_to_icd10cm.tsv')), icd.specialtiesByCode);
  const resolver = new SpecialtyResolver(taxonomy);
  // ICD titles go first so that a Disease Ontology name repeating one is the copy that gets dropped.
  const { rows: terms, duplicateTexts } = fanOut([...icd.terms, ...diseaseOntology.terms, ...buildReasons(categories), ...buildProcedures()], resolver);
  if (resolver.unknown.size > 0) throw new Error(`unknown specialty names in the term maps:\n${resolver.unknownReport()}`);
  if (terms.length > MAX_TERM_ROWS) throw new Error(`${terms.length} expertise term rows, more than ${MAX_TERM_ROWS}`);

  // Everything is validated before the first write, so a failed run leaves the committed files alone.
  const out = new OutputDir(outDir);
  out.writeRecords(REFERENCE_FILES.languages, languages);
  out.writeRecords(REFERENCE_FILES.medicalSchools, schools);
  out.writeRecords(REFERENCE_FILES.specialtyTaxonomy, taxonomy.map(toSpecialtySeed));
  out.writeRecords(REFERENCE_FILES.residencyPrograms, residencyPrograms);
  out.writeRecords(REFERENCE_FILES.fellowshipSpecialties, fellowships);
  out.writeRecords(REFERENCE_FILES.expertiseTerms, terms);
  const distinctIds = (pattern: RegExp) => new Set(terms.filter((t) => pattern.test(t.termId)).map((t) => t.termId)).size;
  out.writeText(
    'SOURCES.md',
    sourcesMarkdown({
      languages: languages.length,
      medicalSchools: schools.length,
      specialties: taxonomy.length,
      residencyPrograms: residencyPrograms.length,
      fellowshipSpecialties: fellowships.length,
      icdConditionIds: distinctIds(/^CON-(?!DOID)/),
      diseaseOntologyIds: distinctIds(/^CON-DOID/),
      procedureIds: distinctIds(/^PROC-/),
      reasonIds: distinctIds(/^REAS-/),
      termRows: terms.length,
    }),
  );
  if (out.totalBytes() > MAX_TOTAL_BYTES) throw new Error(`seed data is ${out.totalBytes()} bytes, over the ${MAX_TOTAL_BYTES} budget`);

  console.log(
    `Disease Ontology: ${diseaseOntology.terms.length} terms kept, ${diseaseOntology.skippedSubtypes} numbered subtypes skipped, ` +
      `${diseaseOntology.unmatchedCodes} mappings outside the disease chapters, ${duplicateTexts} rows repeating an ICD title dropped`,
  );
  console.log(`expertise terms:\n${termReport(terms, taxonomy)}`);
  console.log(`reference data written to ${outDir}\n${out.summary()}`);
}

main();
