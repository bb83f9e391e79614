// Data-volume benchmark for expertise terms (issue 5): a hospital with 50,000+ terms; p50/p95 of
// term search through the HTTP API for 3- and 6-character queries; copy-defaults time; CSV
// replace time for 17,155 rows. On PGlite, and on PostgreSQL when DATABASE_URL is set.
import { formatCsv } from '../src/shared/csv';
import { medicalExpertiseTerms } from '../src/server/db/schema';
import { DEMO } from '../src/server/db/seed';
import { adminCookie, hospitalOfAdmin, percentile, round, startBenchServer, timeIt, type DatabaseTarget } from './lib';

const TARGET_TERMS = 50_000;
const REPLACE_ROWS = 17_155;
const QUERIES_PER_LENGTH = 200;

export async function benchTerms(target: DatabaseTarget, postgresUrl?: string) {
  const server = await startBenchServer(target, postgresUrl);
  try {
    const cookie = await adminCookie(server.base, server.database, DEMO.hospitalAdminEmail);
    const hospitalId = await hospitalOfAdmin(server.database, DEMO.hospitalAdminEmail);
    const headers = { cookie, origin: 'http://127.0.0.1', 'content-type': 'application/json' };
    const api = (path: string, init: RequestInit = {}) => fetch(`${server.base}${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } });

    // 1. Copy the defaults (one INSERT … SELECT).
    const copy = await timeIt(async () => (await api(`/api/admin/hospitals/${hospitalId}/terms/copy-defaults`, { method: 'POST', body: '{}' })).json());
    const copied = (copy.value as { created_count: number }).created_count;

    // 2. Grow the hospital to 50,000+ terms: variants of the default vocabulary through the bulk API.
    const defaults = await server.database.db.select({ termId: medicalExpertiseTerms.termId, term: medicalExpertiseTerms.term, termType: medicalExpertiseTerms.termType, specialtyName: medicalExpertiseTerms.specialtyName }).from(medicalExpertiseTerms);
    const extra: object[] = [];
    for (let round = 1; copied + extra.length < TARGET_TERMS; round += 1) {
      for (const row of defaults) {
        if (copied + extra.length >= TARGET_TERMS) break;
        extra.push({ termId: `${row.termId}-v${round}`, term: `${row.term} (variant ${round})`, termType: row.termType, specialtyName: row.specialtyName });
      }
    }
    for (let i = 0; i < extra.length; i += 5000) {
      const response = await api(`/api/admin/hospitals/${hospitalId}/terms/bulk`, { method: 'POST', body: JSON.stringify({ terms: extra.slice(i, i + 5000) }) });
      if (!response.ok) throw new Error(`bulk: ${response.status} ${await response.text()}`);
    }
    const total = (await (await api(`/api/admin/hospitals/${hospitalId}/terms?pageSize=1`)).json()).totalCount as number;

    // 3. Search latency: queries cut from real terms, 3 and 6 characters long.
    const words = defaults.map((d) => d.term.toLowerCase().replace(/[^a-z ]/g, '')).filter((t) => t.length >= 8);
    const latency: Record<string, { p50: number; p95: number; meanResults: number }> = {};
    for (const length of [3, 6]) {
      const samples: number[] = [];
      let results = 0;
      for (let i = 0; i < QUERIES_PER_LENGTH; i += 1) {
        const word = words[(i * 7919) % words.length]!;
        const start = (i * 31) % Math.max(1, word.length - length);
        const q = word.slice(start, start + length);
        const { value, ms } = await timeIt(async () => (await api(`/api/admin/hospitals/${hospitalId}/terms?q=${encodeURIComponent(q)}&pageSize=20`)).json());
        samples.push(ms);
        results += (value as { totalCount: number }).totalCount;
      }
      samples.sort((a, b) => a - b);
      latency[`${length}-char`] = { p50: round(percentile(samples, 50), 2), p95: round(percentile(samples, 95), 2), meanResults: Math.round(results / QUERIES_PER_LENGTH) };
    }

    // 4. Replace all terms from a 17,155-row CSV (one transaction).
    const rows = [['term_id', 'term', 'term_type', 'specialty_name']];
    for (let i = 0; rows.length <= REPLACE_ROWS; i += 1) {
      const row = defaults[i % defaults.length]!;
      rows.push([`${row.termId}-r${Math.floor(i / defaults.length)}`, row.term, row.termType, row.specialtyName]);
    }
    const csv = formatCsv(rows);
    const replace = await timeIt(async () => {
      const response = await api(`/api/admin/hospitals/${hospitalId}/terms`, { method: 'PUT', body: JSON.stringify({ csv }) });
      if (!response.ok) throw new Error(`replace: ${response.status} ${await response.text()}`);
      return response.json();
    });

    return {
      database: target,
      termsInHospital: total,
      copyDefaults: { created: copied, ms: round(copy.ms) },
      search: latency,
      csvReplace: { rows: REPLACE_ROWS, ms: round(replace.ms) },
    };
  } finally {
    await server.close();
  }
}
