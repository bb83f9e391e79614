import pg from 'pg';
const c = new pg.Client('postgres://vitae_ci:vitae_ci@127.0.0.1:5432/terms_probe'); await c.connect();
const H = 'a839dbb5-513f-4fd7-9ba1-210ab3fab995';
const ranked = `select m.*, count(*) over () as n from (select * from hospital_expertise_terms_poc where hospital_id=$1 and is_active and term ilike $2 limit 1001) m order by (lower(m.term) collate "C" like $3) desc, lower(m.term) collate "C", m.id limit $4 offset $5`;
const cand = `select * from hospital_expertise_terms_poc where id in ((select id from hospital_expertise_terms_poc where hospital_id=$1 and is_active and lower(term) collate "C" like $3 order by lower(term) collate "C", id limit $4) union all (select id from hospital_expertise_terms_poc where hospital_id=$1 and is_active and term ilike $2 and not (lower(term) collate "C" like $3) order by lower(term) collate "C", id limit $4)) order by (lower(term) collate "C" like $3) desc, lower(term) collate "C", id limit $4`;
for (const named of [false, true]) {
  const t = { r: [], c: [], gap: [] };
  for (let i = 0; i < 60; i++) {
    const a = performance.now();
    await c.query(named ? { name: 'r', text: ranked, values: [H, '%car%', 'car%', 20, 0] } : { text: ranked, values: [H, '%car%', 'car%', 20, 0] });
    const b = performance.now();
    await c.query(named ? { name: 'c', text: cand, values: [H, '%car%', 'car%', 20] } : { text: cand, values: [H, '%car%', 'car%', 20] });
    const d = performance.now();
    if (i >= 10) { t.r.push(b - a); t.c.push(d - b); }
  }
  const med = (x) => x.sort((p, q) => p - q)[x.length >> 1].toFixed(2);
  console.log(named ? 'named' : 'unnamed', 'ranked', med(t.r), 'cand', med(t.c));
}
const e = await c.query({ text: 'explain analyze execute r($1,$2,$3,$4,$5)'.replace('$1', `'${H}'`).replace('$2', `'%car%'`).replace('$3', `'car%'`).replace('$4', '20').replace('$5', '0') });
console.log(e.rows.map((r) => r['QUERY PLAN']).join('\n'));
await c.end();
