// Issue 36: password sign-in is a deliberate cost (scrypt, N=16384, r=16). This measures what it
// costs and that it stays off the event loop: sign-ins per second at 10 connections, and the p99 of
// `GET /api/health` and of a public directory page while a burst of sign-ins runs, against the same
// figures with no burst; once with the server's default PASSWORD_HASH_CONCURRENCY (the cores but one,
// src/server/auth/password.ts) and once with four at a time (libuv's thread pool, Better Auth's own way).
import { availableParallelism, loadavg } from 'node:os';
import { ensureWrk, round, runWrk, startBuiltServer, type DatabaseTarget } from './lib';

export const SIGN_IN_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ACCOUNTS = 400;
const PASSWORD = 'a long bench passphrase';

export interface SignInRow {
  database: DatabaseTarget;
  /** PASSWORD_HASH_CONCURRENCY of the server. */
  hashConcurrency: number;
  signInsPerSec: number;
  signInP50: number;
  signInP99: number;
  signInNon2xx: number;
  healthP99Alone: number;
  healthP99DuringBurst: number;
  healthRatio: number;
  pageP99Alone: number;
  pageP99DuringBurst: number;
  pageRatio: number;
  loadAverage: number;
}

/** The default (the cores but one) and the thread pool's own four, one after the other in the same run. */
export const SIGN_IN_CONCURRENCIES = [Math.max(1, availableParallelism() - 1), 4];

export async function benchSignIn(target: DatabaseTarget, postgresUrl: string | undefined, hashConcurrency: number): Promise<SignInRow> {
  ensureWrk();
  // Sign-ups of the accounts come from one address here; the limits are not what is measured.
  const server = await startBuiltServer(target, postgresUrl, undefined, {
    SIGN_UP_LIMIT_PER_HOUR: '100000',
    PASSWORD_HASH_CONCURRENCY: String(hashConcurrency),
  });
  try {
    const origin = { origin: server.base, 'content-type': 'application/json' };
    const emails = Array.from({ length: ACCOUNTS }, (_, i) => `signin.bench.${i}@example.org`);
    // Made four at a time (each sign-up hashes the password too).
    for (let i = 0; i < emails.length; i += 4) {
      await Promise.all(
        emails.slice(i, i + 4).map(async (email, j) => {
          const response = await fetch(`${server.base}/api/auth/sign-up`, {
            method: 'POST',
            headers: { ...origin, 'x-forwarded-for': `198.51.100.${((i + j) % 250) + 1}` },
            body: JSON.stringify({ email, password: PASSWORD, agreedToTerms: true, agreedToPrivacy: true, fullName: `Sign In ${i + j}` }),
          });
          if (!response.ok) throw new Error(`sign-up ${email}: ${response.status} ${await response.text()}`);
        }),
      );
    }
    const signIn = {
      url: `${server.base}/api/auth/sign-in`,
      method: 'POST',
      headers: origin,
      bodies: emails.map((email) => JSON.stringify({ email, password: PASSWORD })),
      clientAddresses: true,
    };
    const health = { url: `${server.base}/api/health` };
    const page = { url: `${server.base}/find/northfield`, headers: { 'x-forwarded-for': '192.0.2.77' } };
    await runWrk(health, 1, 1);
    await runWrk(page, 1, 1);
    const healthAlone = await runWrk(health, 1, SIGN_IN_SECONDS);
    const pageAlone = await runWrk(page, 1, SIGN_IN_SECONDS);
    // Each account signs in at most 10 times in 15 minutes: the burst runs once, and the measured
    // health and page runs sit inside it.
    const burst = runWrk(signIn, 10, 2 * SIGN_IN_SECONDS + 4);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const healthDuring = await runWrk(health, 1, SIGN_IN_SECONDS);
    const pageDuring = await runWrk(page, 1, SIGN_IN_SECONDS);
    const signIns = await burst;
    return {
      database: target,
      hashConcurrency,
      signInsPerSec: signIns.requestsPerSec,
      signInP50: signIns.p50,
      signInP99: signIns.p99,
      signInNon2xx: signIns.non2xx,
      healthP99Alone: healthAlone.p99,
      healthP99DuringBurst: healthDuring.p99,
      healthRatio: round(healthDuring.p99 / healthAlone.p99, 2),
      pageP99Alone: pageAlone.p99,
      pageP99DuringBurst: pageDuring.p99,
      pageRatio: round(pageDuring.p99 / pageAlone.p99, 2),
      loadAverage: round(loadavg()[0]!, 1),
    };
  } finally {
    await server.stop();
    await server.cleanup();
  }
}
