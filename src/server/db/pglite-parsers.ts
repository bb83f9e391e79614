import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * The types Drizzle's PGlite driver asks to keep as PostgreSQL's text (its columns parse them): dates,
 * timestamps, intervals, and arrays of numerics, timestamps, intervals and dates.
 */
const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;
const adopted = new Set(DRIZZLE_TEXT_TYPES.map(String));

/** A statement's options without its parsers when the instance already parses those types the same way. */
function lean(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const oid in options.parsers) if (!adopted.has(oid)) return options;
  return { ...options, parsers: undefined };
}

/**
 * Drizzle sends those parsers with every statement, and PGlite copies its whole parser table (about
 * 300 entries, one per type and array type) to merge a statement's own into it: about 0.1 ms per
 * statement, as much as a primary-key read takes (decision 0017). So the instance takes the parsers
 * once, and a statement whose parsers are only those goes without them, in a transaction too. The
 * results are the same; a statement with any other parser is passed on untouched.
 */
export function adoptDrizzleParsers(client: PGlite): PGlite {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => query(text, params, lean(options))) as PGlite['query'];
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query;
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) => txQuery(text, params, lean(options))) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
  return client;
}
