/**
 * Builds src/server/db/seed/data/lay-vocabulary.json, the synonyms the directory search adds to a
 * patient's words ("shingles" also searches "herpes zoster"), from the Human Disease Ontology's
 * exact synonyms (CC0). Only a synonym whose disease name some default expertise term contains is
 * kept, so every entry can reach a clinician; one the terms already contain adds nothing and is left
 * out. The editorial phrases stay in src/server/modules/directory/lay-terms.ts.
 *
 *   npx tsx scripts/build-lay-vocabulary.ts [doid.obo]
 *   (default: ../shared/data/conditions/doid_ncit_subset_2026-07-31.obo from the project root).
 * The file is the Disease Ontology project's own `src/ontology/subsets/NCIthesaurus.obo` (release
 * 2026-07-31; its public repository, DiseaseOntology/HumanDiseaseOntology). It is not part of the
 * shared reference data handed to every session: fetch it and pass its path. The built JSON is
 * committed, so nothing at run time needs it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diseaseOntologySynonyms, layVocabulary } from './reference/lay-vocabulary.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourcePath = resolve(projectRoot, process.argv[2] ?? '../shared/data/conditions/doid_ncit_subset_2026-07-31.obo');
const dataDir = join(projectRoot, 'src', 'server', 'db', 'seed', 'data');
/** What the build ships for this; a bigger file means the filters let too much through. */
const MAX_BYTES = 300 * 1024;

const terms = (JSON.parse(readFileSync(join(dataDir, 'expertise-terms.json'), 'utf8')) as Array<{ term: string }>).map((t) => t.term);
const vocabulary = layVocabulary(diseaseOntologySynonyms(readFileSync(sourcePath, 'utf8')), terms);
const text = `${JSON.stringify(vocabulary).replace(/\],\[/g, '],\n[')}\n`;
if (Buffer.byteLength(text) > MAX_BYTES) throw new Error(`lay-vocabulary.json would be ${Buffer.byteLength(text)} bytes, more than ${MAX_BYTES}`);
writeFileSync(join(dataDir, 'lay-vocabulary.json'), text);
console.log(`lay-vocabulary.json: ${vocabulary.length} phrases, ${Buffer.byteLength(text)} bytes`);
