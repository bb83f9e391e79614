/**
 * The roster's People list (issue 37 item 3): every accepted person of a hospital's roster (or of
 * one upload) with the furthest state they reached, from pre-filling to published, and their
 * e-mails. The state is computed in SQL so the filter, the sort, the search and the paging happen
 * in the database, and the CSV export reads the very same view.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatCsv } from '../../../shared/csv';
import {
  ROSTER_PERSON_STATE_LABELS,
  ROSTER_PERSON_STATES,
  ROSTER_PEOPLE_EXPORT_MAX,
  ROSTER_SECTIONS_COMPLETE_PERCENT,
  type RosterPeoplePageDto,
  type RosterPeopleQuery,
  type RosterPersonDto,
  type RosterPersonState,
} from '../../../shared/schemas/roster-people';
import type { AdminActor } from '../../auth/policies';
import { rowsOf, type Database } from '../../db/client';
import { containsPattern } from '../../lib/like';
import { findHospitalForAdmin } from '../hospitals/service';

/**
 * A person's state (ROSTER_PERSON_STATES): the pre-filling states first; then published (the public
 * gate's listing, decision 0020) wins over everything; then unsubscribed and bounced (why no e-mail
 * reaches them); then claimed with every required section complete, claimed, opened, invited.
 */
const STATE_SQL = sql.raw(`case
  when r.state = 'accepted_waiting' then 'waiting'
  when r.state = 'drafting' then 'drafting'
  when r.state = 'failed' then 'failed'
  when pl.user_id is not null then 'published'
  when i.id is null then case r.outcome when 'linked' then 'linked' when 'join_requested' then 'join_requested' else 'draft_ready' end
  when i.unsubscribed_at is not null then 'unsubscribed'
  when i.bounced_at is not null then 'bounced'
  when i.claimed_at is not null and u.profile_completion_percentage >= ${ROSTER_SECTIONS_COMPLETE_PERCENT} then 'sections_complete'
  when i.claimed_at is not null then 'claimed'
  when i.opened_at is not null then 'opened'
  else 'invited'
end`);

/** States in the order of the list's "state" sort (the pipeline's order). */
const STATE_RANK = sql.raw(`array_position(array[${ROSTER_PERSON_STATES.map((s) => `'${s}'`).join(',')}]::text[], p.state)`);

interface PersonRow {
  id: string;
  upload_id: string;
  line: number;
  npi: string;
  email: string;
  name: string | null;
  profile_name: string | null;
  specialty: string | null;
  department: string | null;
  state: RosterPersonState;
  failure_reason: string | null;
  completion: number | null;
  invited_at: Date | string | null;
  opened_at: Date | string | null;
  claimed_at: Date | string | null;
  bounced_at: Date | string | null;
  bounce_reason: string | null;
  unsubscribed_at: Date | string | null;
  email_count: number;
  last_email_at: Date | string | null;
  last_email_kind: 'invitation' | 'reminder' | null;
  last_email_status: 'sending' | 'sent' | 'failed' | null;
  total?: number;
}

/** The accepted people of a hospital (or of one upload) with their state and e-mails: a subquery `p`. */
function peopleSql(hospitalId: string, uploadId: string | undefined): SQL {
  return sql`
    select r.id, r.upload_id, r.line, r.npi, r.email, r.name, u.full_name as profile_name, r.specialty, r.department,
      ${STATE_SQL} as state, r.failure_reason,
      u.profile_completion_percentage as completion,
      i.created_at as invited_at, i.opened_at, i.claimed_at, i.bounced_at, i.bounce_reason, i.unsubscribed_at,
      coalesce(e.email_count, 0)::int as email_count, e.last_email_at, e.last_email_kind, e.last_email_status,
      coalesce(u.full_name, r.name, r.email) as sort_name
    from roster_rows r
    left join users u on u.id = r.user_id
    left join roster_invitations i on i.row_id = r.id
    left join public_listings pl on pl.user_id = r.user_id
    left join lateral (
      select count(*) as email_count,
        max(coalesce(m.sent_at, m.created_at)) as last_email_at,
        (array_agg(m.kind order by m.created_at desc, m.id desc))[1] as last_email_kind,
        (array_agg(m.status order by m.created_at desc, m.id desc))[1] as last_email_status
      from roster_emails m where m.invitation_id = i.id
    ) e on i.id is not null
    where r.hospital_id = ${hospitalId} and r.state <> 'refused'${uploadId ? sql` and r.upload_id = ${uploadId}` : sql``}`;
}

function whereSql(query: Pick<RosterPeopleQuery, 'state' | 'q'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.state && query.state.length > 0)
    parts.push(
      sql`p.state in (${sql.join(
        query.state.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const digits = q.replace(/[\s-]/g, '');
    parts.push(
      sql`(p.sort_name ilike ${pattern} or p.name ilike ${pattern} or p.email ilike ${pattern}${/^\d+$/.test(digits) ? sql` or p.npi like ${`${digits}%`}` : sql``})`,
    );
  }
  return sql.join(parts, sql` and `);
}

function orderSql(query: Pick<RosterPeopleQuery, 'sort' | 'dir'>): SQL {
  const dir = sql.raw(query.dir === 'desc' ? 'desc' : 'asc');
  const key = {
    name: sql`lower(p.sort_name) ${dir}`,
    state: sql`${STATE_RANK} ${dir}`,
    // People never e-mailed go last whichever way.
    last_email: sql`p.last_email_at ${dir} nulls last`,
    completion: sql`p.completion ${dir} nulls last`,
    line: sql`p.upload_id ${dir}, p.line ${dir}`,
  }[query.sort];
  return sql`${key}, p.upload_id, p.line, p.id`;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toPersonDto = (row: PersonRow): RosterPersonDto => ({
  id: row.id,
  uploadId: row.upload_id,
  line: Number(row.line),
  npi: row.npi,
  email: row.email,
  name: row.name,
  profileName: row.profile_name,
  specialty: row.specialty,
  department: row.department,
  state: row.state,
  failureReason: row.failure_reason,
  completion: row.completion === null ? null : Number(row.completion),
  invitedAt: iso(row.invited_at),
  openedAt: iso(row.opened_at),
  claimedAt: iso(row.claimed_at),
  bouncedAt: iso(row.bounced_at),
  bounceReason: row.bounce_reason,
  unsubscribedAt: iso(row.unsubscribed_at),
  emailCount: Number(row.email_count),
  lastEmailAt: iso(row.last_email_at),
  lastEmailKind: row.last_email_kind,
  lastEmailStatus: row.last_email_status,
});

/** `GET …/roster/people`: one page of the hospital's roster people, filtered, searched and sorted. */
export async function listRosterPeople(db: Database, actor: AdminActor, hospitalId: string, query: RosterPeopleQuery): Promise<RosterPeoplePageDto> {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const people = peopleSql(hospital.id, query.uploadId);
  const [page, counts] = await Promise.all([
    db.execute(sql`
      select p.*, count(*) over ()::int as total from (${people}) p
      where ${whereSql(query)}
      order by ${orderSql(query)}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute(sql`select p.state, count(*)::int as n from (${people}) p group by p.state`),
  ]);
  const rows = rowsOf<PersonRow>(page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: still say how many there are.
    const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${people}) p where ${whereSql(query)}`));
    total = count?.n ?? 0;
  }
  return {
    items: rows.map(toPersonDto),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
    counts: Object.fromEntries(rowsOf<{ state: RosterPersonState; n: number }>(counts).map((c) => [c.state, Number(c.n)])),
  };
}

/** The people named by row id, of this hospital only, with their state (the reminders' "send now"). */
export async function findRosterPeople(db: Database, hospitalId: string, rowIds: string[]) {
  if (rowIds.length === 0) return [];
  const rows = rowsOf<PersonRow & { invitation_id: string | null }>(
    await db.execute(sql`
      select p.*, i.id as invitation_id from (${peopleSql(hospitalId, undefined)}) p
      left join roster_invitations i on i.row_id = p.id
      where p.id in (${sql.join(
        rowIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return rows.map((row) => ({ ...toPersonDto(row), invitationId: row.invitation_id }));
}

const dateCell = (value: string | null) => (value ? value.replace('T', ' ').slice(0, 16) + ' UTC' : '');

/**
 * `GET …/roster/people.csv`: the same view as the list (filters, search and sort; every page), one
 * person a line with the state in words. Cells a spreadsheet would run as formulas are neutralised
 * (formatCsv), as in refused.csv.
 */
export async function rosterPeopleCsv(db: Database, actor: AdminActor, hospitalId: string, query: RosterPeopleQuery): Promise<string> {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const rows = rowsOf<PersonRow>(
    await db.execute(sql`
      select p.* from (${peopleSql(hospital.id, query.uploadId)}) p
      where ${whereSql(query)}
      order by ${orderSql(query)}
      limit ${ROSTER_PEOPLE_EXPORT_MAX}`),
  ).map(toPersonDto);
  return formatCsv([
    [
      'NPI',
      'Email',
      'Name',
      'Roster name',
      'Specialty',
      'Department',
      'State',
      'Completion %',
      'Invited',
      'Opened',
      'Claimed',
      'E-mails',
      'Last e-mail',
      'Last e-mail kind',
      'Last e-mail status',
      'Note',
    ],
    ...rows.map((p) => [
      p.npi,
      p.email,
      p.profileName ?? '',
      p.name ?? '',
      p.specialty ?? '',
      p.department ?? '',
      ROSTER_PERSON_STATE_LABELS[p.state],
      p.completion ?? '',
      dateCell(p.invitedAt),
      dateCell(p.openedAt),
      dateCell(p.claimedAt),
      p.emailCount,
      dateCell(p.lastEmailAt),
      p.lastEmailKind ?? '',
      p.lastEmailStatus ?? '',
      p.failureReason ?? p.bounceReason ?? '',
    ]),
  ]);
}
