import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseLabel } from '../support/test-database';

/**
 * Crash safety: the real server process is killed with SIGKILL in the middle of a loop of
 * replace-style saves, 20 times. After every restart the database opens cleanly, no save is half
 * applied, and no acknowledged save is lost.
 */
const KILLS = Number(process.env.FAULT_KILLS ?? 20);
const port = 4600 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;
let dataDir: string | undefined;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
let child: ChildProcess | undefined;

function start() {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: base,
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: dataDir ?? './data-unused',
      TRUST_PROXY: 'true',
    },
  });
  return waitForHealth();
}

async function waitForHealth() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

function kill() {
  return new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const name = `vitae_faults_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'vitae-faults-'));
  }
}, 60_000);

afterAll(async () => {
  await kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

describe(`crash safety (${databaseLabel})`, () => {
  it(`keeps every acknowledged save and never a partial one across ${KILLS} SIGKILLs`, async () => {
    await start();
    const headers = { 'content-type': 'application/json', origin: base, 'x-forwarded-for': '192.0.2.10' };
    const signUp = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: `crash.${Date.now()}@example.org`,
        password: 'a long passphrase',
        agreedToTerms: true,
        agreedToPrivacy: true,
        fullName: 'Casey Crash',
      }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const save = (generation: number) =>
      fetch(`${base}/api/profile/sections/publications`, {
        method: 'PUT',
        headers: { ...headers, cookie },
        body: JSON.stringify({ items: Array.from({ length: 5 }, (_, i) => ({ title: `generation ${generation} item ${i}`, authors: ['C. Crash'] })) }),
      });

    let acknowledged = 0;
    let attempted = 0;
    for (let round = 0; round < KILLS; round += 1) {
      if (round > 0) await start();
      // Reads after a restart: all five items of one generation, never fewer or mixed.
      const read = await fetch(`${base}/api/profile/sections/publications`, { headers: { cookie } });
      expect(read.status).toBe(200);
      const titles: string[] = (await read.json()).data.items.map((item: { title: string }) => item.title);
      const generations = new Set(titles.map((title) => Number(title.split(' ')[1])));
      if (acknowledged > 0) {
        expect(titles).toHaveLength(5);
        expect(generations.size).toBe(1);
        const [stored] = [...generations];
        expect(stored).toBeGreaterThanOrEqual(acknowledged);
        expect(stored).toBeLessThanOrEqual(attempted);
      }

      const killAt = Date.now() + 150 + Math.random() * 600;
      const loop = (async () => {
        while (Date.now() < killAt + 2000) {
          attempted += 1;
          const generation = attempted;
          try {
            const response = await save(generation);
            if (response.status === 200) acknowledged = Math.max(acknowledged, generation);
          } catch {
            return;
          }
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, killAt - Date.now())));
      await kill();
      await loop;
    }
    await start();
    const final = await fetch(`${base}/api/profile/sections/publications`, { headers: { cookie } });
    const titles: string[] = (await final.json()).data.items.map((item: { title: string }) => item.title);
    expect(titles).toHaveLength(5);
    expect(Number(titles[0]!.split(' ')[1])).toBeGreaterThanOrEqual(acknowledged);
    const health = await (await fetch(`${base}/api/health`)).json();
    expect(health.status).toBe('ok');
    console.log(`crash safety (${databaseLabel}): ${KILLS} kills, ${acknowledged} acknowledged saves of ${attempted} attempted, none lost`);
  }, 600_000);
});
