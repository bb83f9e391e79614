/**
 * A PostgreSQL streaming replica of the test cluster, on this machine: `pg_basebackup -R` of the
 * installed PostgreSQL 15 into a throw-away data folder, started on its own port with the installed
 * binaries. As root (CI), the server and its files belong to the `postgres` account, since PostgreSQL
 * refuses to run as root.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface Replica {
  /** The same database as the primary URL, on the replica. */
  url: string;
  port: number;
  stop(): void;
  start(): void;
  /** Client connections the replica holds to the database (the app's read pool). */
  clientConnections(): Promise<number>;
  close(): void;
}

const asRoot = process.getuid?.() === 0;

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** Starts a replica of the server `primaryUrl` names; its role needs the REPLICATION attribute. */
export async function startReplica(primaryUrl: string, port: number): Promise<Replica> {
  const primary = new URL(primaryUrl);
  const check = new pg.Client({ connectionString: primaryUrl });
  await check.connect();
  const [role] = (await check.query<{ rolreplication: boolean }>('select rolreplication from pg_roles where rolname = current_user')).rows;
  await check.end();
  if (!role?.rolreplication) {
    throw new Error(`The role ${primary.username} cannot make a replica: grant it REPLICATION (alter role ${primary.username} replication), as .ci/run does.`);
  }
  if (!existsSync(join(PG_BIN, 'pg_basebackup'))) throw new Error(`PostgreSQL 15's binaries are not in ${PG_BIN}.`);

  const folder = mkdtempSync(join(tmpdir(), 'vitae-replica-'));
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(folder, uid, gid);
  }
  chmodSync(folder, 0o700);
  const data = join(folder, 'data');
  run(
    join(PG_BIN, 'pg_basebackup'),
    ['-h', primary.hostname, '-p', primary.port || '5432', '-U', decodeURIComponent(primary.username), '-D', data, '-R', '-X', 'stream', '-c', 'fast'],
    {
      PGPASSWORD: decodeURIComponent(primary.password),
    },
  );
  // Debian keeps the server's configuration outside the data folder, so the copy has none.
  const files: Array<[string, string]> = [
    [
      'postgresql.conf',
      [`port = ${port}`, `listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${folder}'`, 'hot_standby = on', 'max_connections = 100', ''].join('\n'),
    ],
    ['pg_hba.conf', ['local all all trust', 'host all all 127.0.0.1/32 scram-sha-256', ''].join('\n')],
    ['pg_ident.conf', ''],
  ];
  for (const [name, text] of files) {
    writeFileSync(join(data, name), text);
    if (asRoot) chownSync(join(data, name), postgresIds().uid, postgresIds().gid);
  }
  const pgCtl = (action: 'start' | 'stop') =>
    run(
      join(PG_BIN, 'pg_ctl'),
      action === 'start' ? ['-D', data, '-l', join(folder, 'server.log'), '-w', '-t', '60', 'start'] : ['-D', data, '-m', 'fast', '-w', 'stop'],
    );
  pgCtl('start');
  const url = Object.assign(new URL(primaryUrl), { port: String(port) }).toString();
  return {
    url,
    port,
    start: () => pgCtl('start'),
    stop: () => pgCtl('stop'),
    async clientConnections() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const [row] = (
          await client.query<{ count: string }>(
            `select count(*) from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
            [primary.pathname.slice(1)],
          )
        ).rows;
        return Number(row?.count ?? 0);
      } finally {
        await client.end();
      }
    },
    close() {
      try {
        run(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function postgresIds() {
  const line = spawnSync('id', ['postgres'], { encoding: 'utf8' }).stdout;
  const uid = Number(/uid=(\d+)/.exec(line)?.[1]);
  const gid = Number(/gid=(\d+)/.exec(line)?.[1]);
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error("No postgres account on this machine: install Debian's postgresql package.");
  return { uid, gid };
}
