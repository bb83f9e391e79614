// Data-volume benchmark for expertise terms (issue 5): a hospital with 50,000+ terms; p50/p95/p97.5 of
// term search through the HTTP API for 3- and 6-character queries; copy-defaults time; CSV
// replace time for 17,155 rows. On PGlite, and on PostgreSQL when DATABASE_URL is set.
import { formatCsv } from '../src/shared/csv';
import { DEMO } from '../src/server/db/seed';
import { adminCookie, hospitalOfAdmin, percentile, round, startBenchServer, timeIt, type DatabaseTarget } from './lib';
import { apiOn, growHospitalTerms } from './seed';

const REPLACE_ROWS = 17_155;
const QUERIES_PER_LENGTH = 200;

export async function benchTerms(target: DatabaseTarget, postgresUrl?: string) {
  const server = await startBenchServer(target, postgresUrl);
  try {
    const cookie = await adminCookie(server.base, server.database, DEMO.hospitalAdminEmail);
    const hospitalId = await hospitalOfAdmin(server.database, DEMO.hospitalAdminEmail);
    const api = apiOn(server.base, cookie);

    // 1–2. Copy the defaults, then grow the hospital to 50,000 terms through the bulk API.
    const { copied, copyMs, total, defaults } = await growHospitalTerms(api, server.database.db, hospitalId);

    // 3. Search latency: queries cut from real terms, 3 and 6 characters long.
    const words = defaults.map((d) => d.term.toLowerCase().replace(/[^a-z ]/g, '')).filter((t) => t.length >= 8);
    const latency: Record<string, { p50: number; p95: number; p975: number; meanResults: number }> = {};
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
        if (i === 0) samples.length = 0; // the first query warms the plan cache
      }
      samples.sort((a, b) => a - b);
      latency[`${length}-char`] = {
        p50: round(percentile(samples, 50), 2),
        p95: round(percentile(samples, 95), 2),
        p975: round(percentile(samples, 97.5), 2),
        meanResults: Math.round(results / QUERIES_PER_LENGTH),
      };
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
      copyDefaults: { created: copied, ms: round(copyMs) },
      search: latency,
      csvReplace: { rows: REPLACE_ROWS, ms: round(replace.ms) },
    };
  } finally {
    await server.close();
  }
}
