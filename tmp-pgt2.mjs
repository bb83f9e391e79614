import pg from 'pg';
const c = new pg.Client('postgres://vitae_ci:vitae_ci@127.0.0.1:5432/terms_probe'); await c.connect();
const H = 'a839dbb5-513f-4fd7-9ba1-210ab3fab995';
const variants = {
  current: `select m.*, count(*) over () as n from (select * from hospital_expertise_terms_poc where hospital_id=$1 and is_active and term ilike $2 limit 1001) m order by (lower(m.term) collate "C" like $3) desc, lower(m.term) collate "C", m.id limit $4 offset $5`,
  narrow: `select t.*, p.n from (select m.id, m.lt, count(*) over () as n from (select id, lower(term) collate "C" as lt from hospital_expertise_terms_poc where hospital_id=$1 and is_active and term ilike $2 limit 1001) m order by (m.lt like $3) desc, m.lt, m.id limit $4 offset $5) p join hospital_expertise_terms_poc t on t.id = p.id order by (p.lt like $3) desc, p.lt, p.id`,
  cte: `with m as materialized (select id, lower(term) collate "C" as lt from hospital_expertise_terms_poc where hospital_id=$1 and is_active and term ilike $2 limit 1001) select t.*, (select count(*) from m) as n from (select id, lt from m order by (lt like $3) desc, lt, id limit $4 offset $5) p join hospital_expertise_terms_poc t on t.id = p.id order by (p.lt like $3) desc, p.lt, p.id`,
};
for (const q of ['car', 'cardia', 'xyz', 'a']) for (const [name, text] of Object.entries(variants)) {
  const t = []; let rows;
  for (let i = 0; i < 50; i++) { const a = performance.now(); rows = (await c.query({ name: name + q, text, values: [H, `%${q}%`, `${q}%`, 20, 0] })).rows; if (i >= 10) t.push(performance.now() - a); }
  t.sort((p, r) => p - r);
  console.log(q.padEnd(7), name.padEnd(8), 'p50', t[t.length >> 1].toFixed(2), 'p95', t[Math.floor(t.length * 0.95)].toFixed(2), 'n', rows[0]?.n, rows.map((r) => r.term).slice(0, 3).join('|'));
}
await c.end();
