import { affiliationTerm, authorTerm, orcidTerm, type PubmedArticle, type PubmedClient } from './client';

export interface PublicationSearchInput {
  firstName: string | null;
  middleName: string | null;
  lastName: string;
  /** The provider's hospital or organisation: hits of a search narrowed to it carry that evidence. */
  affiliation?: string | null;
  orcid?: string | null;
  retmax?: number;
}

export interface FoundArticle extends PubmedArticle {
  /** True when the [Affiliation]-narrowed search found it, false when only the broad one did, null when not narrowed. */
  matchedAffiliation: boolean | null;
  matchedOrcid: boolean;
}

export interface PublicationSearchResult {
  /** The main query, recorded on the session and each item. */
  query: string;
  queries: string[];
  total: number;
  articles: FoundArticle[];
}

/**
 * The provider's publications: the author search, plus the same narrowed to their affiliation and a
 * search by ORCID iD when those are known. The narrowed searches do not filter; they mark evidence.
 */
export async function searchPublications(client: PubmedClient, input: PublicationSearchInput): Promise<PublicationSearchResult> {
  const retmax = input.retmax ?? 50;
  const author = authorTerm(input);
  const narrowed = input.affiliation ? `${author} AND ${affiliationTerm(input.affiliation)}` : null;
  const byOrcid = input.orcid ? orcidTerm(input.orcid) : null;

  const broad = await client.esearch(author, { retmax });
  const affiliated = narrowed ? new Set((await client.esearch(narrowed, { retmax })).ids) : null;
  const orcidHits = byOrcid ? new Set((await client.esearch(byOrcid, { retmax })).ids) : new Set<string>();

  const ordered = [...orcidHits, ...(affiliated ?? []), ...broad.ids];
  const ids = [...new Set(ordered)].slice(0, retmax);
  const articles = await client.esummary(ids);
  return {
    query: author,
    queries: [author, narrowed, byOrcid].filter((q): q is string => q !== null),
    total: ids.length,
    articles: articles.map((article) => ({
      ...article,
      matchedAffiliation: affiliated ? affiliated.has(article.pmid) : null,
      matchedOrcid: orcidHits.has(article.pmid),
    })),
  };
}
