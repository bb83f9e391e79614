import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hospitals, users, type HospitalPopulationConfig } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secret-box';
import type { DirectoryPopulation } from '../accounts/service';
import { yextDepsFrom, type YextDeps } from './context';
import { runUnifiedSync } from './sync';

export interface PopulationDeps {
  db: Database;
  env: Env;
  logger: Logger;
  secretBox?: SecretBox;
  http?: YextDeps['http'];
}

/**
 * Whether `text` matches a pattern where `*` stands for any run of characters (nothing else is
 * special). Two pointers and one remembered star: when a later literal part fails, the last star
 * takes one more character and matching resumes there. Earlier stars never need revisiting (the
 * last one can absorb whatever they would have), so the work is at most pattern × text steps —
 * where the RegExp `^.*a.*a…b$` this replaced backtracked exponentially (17 s for one sign-up).
 */
export function wildcardMatches(pattern: string, text: string) {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (star >= 0) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/**
 * Whether an e-mail matches one of the hospital's patterns: `@example.org` (that domain exactly),
 * `example.org` (that domain or a subdomain), or a wildcard such as `*.example.org`.
 */
export function emailMatchesPatterns(email: string, patterns: readonly string[]) {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return patterns.some((raw) => {
    const pattern = raw.trim().toLowerCase();
    if (!pattern) return false;
    if (pattern.includes('*')) {
      const body = pattern.replace(/^@/, '');
      return wildcardMatches(body, domain) || wildcardMatches(body, address);
    }
    if (pattern.startsWith('@')) return address.endsWith(pattern);
    return domain === pattern || domain.endsWith(`.${pattern}`);
  });
}

/** Whether the hospital's population settings cover this provider; nothing is hard-coded per hospital. */
export function qualifiesForPopulation(config: HospitalPopulationConfig | null | undefined, email: string) {
  if (!config?.enabled) return false;
  return config.match_by_hospital_id || emailMatchesPatterns(email, config.email_domain_patterns ?? []);
}

/**
 * The sign-up / sign-in hook (DirectoryPopulation): imports the provider's listing-service record
 * when their hospital uses the listing service and its population settings cover them. 'populated'
 * only after a sync that filled something; any failure is logged and reads 'nothing', so sign-in
 * never fails because of the directory and the next sign-in tries again.
 */
export function createDirectoryPopulation(deps: PopulationDeps): DirectoryPopulation {
  const yext = yextDepsFrom(deps);
  return async ({ userId, metadata }) => {
    try {
      const [user] = await deps.db.select({ email: users.email, hospitalId: users.hospitalId }).from(users).where(eq(users.id, userId)).limit(1);
      const hospitalId = user?.hospitalId ?? metadata.hospital_id;
      if (!user || !hospitalId) return 'nothing';
      const [hospital] = await deps.db
        .select({ dataSource: hospitals.dataSource, populationConfig: hospitals.populationConfig, isActive: hospitals.isActive })
        .from(hospitals)
        .where(eq(hospitals.id, hospitalId))
        .limit(1);
      if (!hospital?.isActive || hospital.dataSource !== 'yext' || !qualifiesForPopulation(hospital.populationConfig, user.email)) return 'nothing';
      const result = await runUnifiedSync(yext, userId);
      if (result.skipped) {
        deps.logger.info({ userId, reason: result.message }, 'directory population skipped');
        return 'nothing';
      }
      deps.logger.info({ userId, sectionsUpdated: result.sectionsUpdated, sectionsFailed: result.sectionsFailed }, 'directory population finished');
      return result.sectionsUpdated > 0 ? 'populated' : 'nothing';
    } catch (error) {
      deps.logger.warn({ err: error, userId }, 'directory population failed');
      return 'nothing';
    }
  };
}
