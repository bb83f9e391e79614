import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/shared/csv';
import { ROSTER_MESSAGES } from '../../src/shared/schemas/roster';
import { rosterRows, rosterUploads, users } from '../../src/server/db/schema';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { csvFile, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Real NPPES records (tests/fixtures/real/nppes): individuals (NPI-1) and an organization (NPI-2).
const REAL_INDIVIDUALS = ['1053975268', '1063410173', '1568726677', '1932510609', '1043467608'] as const;
const REAL_ORGANIZATION = '1467486373';

let nppes: FakeNppes;
let ctx: TestContext;
beforeAll(async () => {
  nppes = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
});

async function hospitalWithAdmin() {
  const hospital = await createHospital(ctx);
  const admin = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
  const client = await signInAdmin(ctx, admin.email);
  return { hospital, admin, client, base: `/api/admin/hospitals/${hospital.id}/roster-uploads` };
}

const upload = (client: BrowserClient, base: string, text: string) => client.post(base, csvFile(text));

describe(`roster uploads (${databaseLabel})`, () => {
  it('checks every row at once, keeps the refused ones with their reason, and stores the accepted ones as waiting', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    const suffix = uniqueSuffix();
    // A provider of this hospital already holds one NPI, another provider one e-mail.
    await ctx.database.db.insert(users).values([
      { email: `on.roster.${suffix}@example.org`, fullName: 'On Roster', jobTitle: 'Physician', npiNumber: REAL_INDIVIDUALS[3], hospitalId: hospital.id },
      { email: `Taken.${suffix}@Example.org`, fullName: 'Taken Mail', jobTitle: 'Physician', hospitalId: hospital.id },
    ]);
    const csv = [
      'NPI,E-mail,Name,Department,Location,Specialty',
      `${REAL_INDIVIDUALS[0]},ada.${suffix}@example.org,Ada Lovelace,Cardiology,Main campus,Cardiology`,
      `${REAL_INDIVIDUALS[1]},BOB.${suffix}@Example.org,,,,`,
      `123456789,short.${suffix}@example.org,Too Short,,,`,
      `1053975269,digit.${suffix}@example.org,Wrong Digit,,,`,
      `${REAL_INDIVIDUALS[0]},again.${suffix}@example.org,Same NPI,,,`,
      `${REAL_INDIVIDUALS[2]},ada.${suffix}@example.org,Same Mail,,,`,
      `${REAL_INDIVIDUALS[3]},new.${suffix}@example.org,On Roster By NPI,,,`,
      `${REAL_INDIVIDUALS[4]},taken.${suffix}@example.org,On Roster By Mail,,,`,
      `${REAL_ORGANIZATION},org.${suffix}@example.org,An Organization,,,`,
      `${FAKE_NPIS.unknown},unknown.${suffix}@example.org,Not Registered,,,`,
      `${FAKE_NPIS.cardiologist},not-an-email,Bad Mail,,,`,
      `${FAKE_NPIS.familyPhysician},,No Mail,,,`,
    ].join('\r\n');
    const response = await upload(client, base, csv);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ hospitalId: hospital.id, status: 'checked', totalRows: 12, acceptedRows: 2, refusedRows: 10 });
    const byLine = Object.fromEntries(
      body.rows.map((row: { line: number; state: string; refusalReason: string | null }) => [row.line, row.refusalReason ?? row.state]),
    );
    expect(byLine).toEqual({
      2: 'accepted_waiting',
      3: 'accepted_waiting',
      4: ROSTER_MESSAGES.npiFormat,
      5: ROSTER_MESSAGES.npiCheckDigit,
      6: ROSTER_MESSAGES.duplicateNpi(2),
      7: ROSTER_MESSAGES.duplicateEmail(2),
      8: ROSTER_MESSAGES.onRosterNpi,
      9: ROSTER_MESSAGES.onRosterEmail,
      10: ROSTER_MESSAGES.organization,
      11: ROSTER_MESSAGES.notInRegistry,
      12: ROSTER_MESSAGES.emailInvalid,
      13: ROSTER_MESSAGES.emailMissing,
    });
    // The accepted rows: e-mail lower-cased, optional columns kept, confirmed by the registry.
    expect(body.rows[0]).toMatchObject({
      npi: REAL_INDIVIDUALS[0],
      name: 'Ada Lovelace',
      department: 'Cardiology',
      location: 'Main campus',
      specialty: 'Cardiology',
      registryChecked: true,
    });
    expect(body.rows[1]).toMatchObject({ email: `bob.${suffix}@example.org`, name: null, registryChecked: true });
    const stored = await ctx.database.db.select().from(rosterRows).where(eq(rosterRows.uploadId, body.id));
    expect(stored).toHaveLength(12);
    expect(
      stored
        .filter((row) => row.state === 'accepted_waiting')
        .map((row) => row.line)
        .sort(),
    ).toEqual([2, 3]);

    // The list and the detail read the same upload back.
    expect((await (await client.get(base)).json()).items).toEqual([expect.objectContaining({ id: body.id, acceptedRows: 2, refusedRows: 10 })]);
    expect(await (await client.get(`${base}/${body.id}`)).json()).toEqual(body);
  });

  it('downloads the refused rows as CSV in the roster columns with the line and the reason', async () => {
    const { client, base } = await hospitalWithAdmin();
    const suffix = uniqueSuffix();
    const body = await (
      await upload(
        client,
        base,
        `npi,email,name\n${REAL_INDIVIDUALS[0]},a.${suffix}@example.org,"Lovelace, Ada"\n=1+1,b.${suffix}@example.org,Formula\n${REAL_ORGANIZATION},c.${suffix}@example.org,Org\n`,
      )
    ).json();
    const response = await client.get(`${base}/${body.id}/refused.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const records = parseCsv(await response.text()).map((record) => record.fields);
    expect(records).toEqual([
      ['NPI', 'Email', 'Name', 'Department', 'Location', 'Specialty', 'Line', 'Reason'],
      // A cell that a spreadsheet would run as a formula comes back neutralised.
      ["'=1+1", `b.${suffix}@example.org`, 'Formula', '', '', '', '3', ROSTER_MESSAGES.npiFormat],
      [REAL_ORGANIZATION, `c.${suffix}@example.org`, 'Org', '', '', '', '4', ROSTER_MESSAGES.organization],
    ]);
  });

  it('a second upload of the same file accepts nothing new: every row is already on the roster', async () => {
    const { client, base } = await hospitalWithAdmin();
    const suffix = uniqueSuffix();
    const csv = `NPI,Email\n${REAL_INDIVIDUALS[0]},one.${suffix}@example.org\n${REAL_INDIVIDUALS[1]},two.${suffix}@example.org\n`;
    expect(await (await upload(client, base, csv)).json()).toMatchObject({ acceptedRows: 2, refusedRows: 0 });
    const second = await (await upload(client, base, csv)).json();
    expect(second).toMatchObject({ acceptedRows: 0, refusedRows: 2 });
    expect(second.rows.map((row: { refusalReason: string }) => row.refusalReason)).toEqual([ROSTER_MESSAGES.onRosterNpi, ROSTER_MESSAGES.onRosterNpi]);
  });

  it('refuses a file without the NPI and Email columns, an empty one, and a body that is not text/csv', async () => {
    const { client, base } = await hospitalWithAdmin();
    const noEmail = await upload(client, base, `NPI,Name\n${REAL_INDIVIDUALS[0]},Ada\n`);
    expect(noEmail.status).toBe(400);
    expect((await noEmail.json()).error.message).toBe(ROSTER_MESSAGES.csvHeader);
    const headerOnly = await upload(client, base, 'NPI,Email\n');
    expect((await headerOnly.json()).error.message).toBe(ROSTER_MESSAGES.csvEmpty);
    const json = await client.post(base, { rows: [] });
    expect(json.status).toBe(415);
  });

  it('when the registry cannot be asked, rows are accepted unconfirmed (the job asks again)', async () => {
    const { client, base } = await hospitalWithAdmin();
    nppes.setMode('error500');
    try {
      const body = await (await upload(client, base, `NPI,Email\n${REAL_INDIVIDUALS[2]},down.${uniqueSuffix()}@example.org\n`)).json();
      expect(body).toMatchObject({ acceptedRows: 1, rows: [{ state: 'accepted_waiting', registryChecked: false }] });
    } finally {
      nppes.setMode('normal');
    }
  });

  it('tenancy: another hospital’s admin sees nothing of this roster; a system admin sees any', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    const body = await (await upload(client, base, `NPI,Email\n${REAL_INDIVIDUALS[0]},tenant.${uniqueSuffix()}@example.org\n`)).json();
    const other = await hospitalWithAdmin();
    for (const path of [base, `${base}/${body.id}`, `${base}/${body.id}/refused.csv`]) {
      expect((await other.client.get(path)).status, path).toBe(404);
    }
    // Their own hospital's path with this upload's id: not found either.
    expect((await other.client.get(`${other.base}/${body.id}`)).status).toBe(404);
    expect((await other.client.get(`${other.base}/${body.id}/refused.csv`)).status).toBe(404);
    expect((await upload(other.client, base, `NPI,Email\n${REAL_INDIVIDUALS[1]},x.${uniqueSuffix()}@example.org\n`)).status).toBe(404);
    expect(await ctx.database.db.select().from(rosterUploads).where(eq(rosterUploads.hospitalId, hospital.id))).toHaveLength(1);
    // The other hospital's roster is its own: the same NPI is accepted there.
    expect(await (await upload(other.client, other.base, `NPI,Email\n${REAL_INDIVIDUALS[0]},own.${uniqueSuffix()}@example.org\n`)).json()).toMatchObject({
      acceptedRows: 1,
    });

    const system = await createAdminRow(ctx, { role: 'system_admin' });
    const systemClient = await signInAdmin(ctx, system.email);
    expect((await (await systemClient.get(`${base}/${body.id}`)).json()).id).toBe(body.id);
    expect((await upload(systemClient, base, `NPI,Email\n${REAL_INDIVIDUALS[4]},sys.${uniqueSuffix()}@example.org\n`)).status).toBe(201);
  });
});
