/**
 * The Disease Ontology's exact synonyms turned into search phrases: each phrase with the disease
 * names (lower case) a search for it should also look for.
 */
export interface DiseaseSynonyms {
  id: string;
  name: string;
  exactSynonyms: string[];
}

/**
 * The [Term] stanzas of an OBO file with their name and EXACT synonyms; obsolete terms are skipped.
 * OBO is one `tag: value` per line, stanzas separated by a `[Header]` line; a synonym is
 * `synonym: "text" SCOPE [xrefs]` with `\"` escapes inside the quotes.
 */
export function diseaseOntologySynonyms(obo: string): DiseaseSynonyms[] {
  const terms: DiseaseSynonyms[] = [];
  let current: (DiseaseSynonyms & { obsolete: boolean }) | null = null;
  const finish = () => {
    if (current && !current.obsolete && current.name) terms.push({ id: current.id, name: current.name, exactSynonyms: current.exactSynonyms });
    current = null;
  };
  for (const line of obo.split(/\r?\n/)) {
    if (line.startsWith('[')) {
      finish();
      if (line.trim() === '[Term]') current = { id: '', name: '', exactSynonyms: [], obsolete: false };
      continue;
    }
    if (!current) continue;
    const term: DiseaseSynonyms & { obsolete: boolean } = current;
    if (line.startsWith('id: ')) term.id = line.slice(4).trim();
    else if (line.startsWith('name: ')) term.name = line.slice(6).trim();
    else if (line.startsWith('is_obsolete: true')) term.obsolete = true;
    else if (line.startsWith('synonym: ')) {
      const synonym = /^synonym: "((?:[^"\\]|\\.)*)" (\w+)/.exec(line);
      if (synonym && synonym[2] === 'EXACT') term.exactSynonyms.push(synonym[1]!.replace(/\\(.)/g, '$1').trim());
    }
  }
  finish();
  return terms;
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether a synonym is worth a search phrase: words a person might type, not an acronym ("HTN",
 * "MI": too short to tell apart from other words), not a code or numbered subtype, not a list or a
 * qualified name with brackets or commas, and short enough to be typed.
 */
function isTypeable(synonym: string): boolean {
  if (!/[a-z]/.test(synonym)) return false;
  if (/[0-9(),;[\]/:]/.test(synonym)) return false;
  const phrase = normalise(synonym);
  return phrase.length >= 4 && phrase.split(' ').length <= 5;
}

/**
 * Phrase → disease names, for synonyms whose disease name one of `terms` (the default expertise
 * terms) contains and that none of the terms already contains. Sorted by phrase so the file diffs well.
 */
export function layVocabulary(diseases: DiseaseSynonyms[], terms: string[]): Array<[phrase: string, clinical: string[]]> {
  const lowerTerms = [...new Set(terms.map(normalise))];
  const termsContaining = new Map<string, boolean>();
  const someTermContains = (words: string) => {
    let found = termsContaining.get(words);
    if (found === undefined) {
      found = lowerTerms.some((term) => term.includes(words));
      termsContaining.set(words, found);
    }
    return found;
  };
  const vocabulary = new Map<string, Set<string>>();
  for (const disease of diseases) {
    const name = normalise(disease.name);
    if (!someTermContains(name)) continue;
    for (const synonym of disease.exactSynonyms) {
      const phrase = normalise(synonym);
      if (phrase === name || !isTypeable(synonym) || someTermContains(phrase)) continue;
      const clinical = vocabulary.get(phrase) ?? new Set<string>();
      clinical.add(name);
      vocabulary.set(phrase, clinical);
    }
  }
  return [...vocabulary.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([phrase, clinical]) => [phrase, [...clinical].sort()]);
}
