/**
 * Claiming a roster draft (issue 37 item 4, decision 0026): the e-mail's link opens /claim/<token>;
 * the person sets a password (or asks for a magic link to the bound address) and, in ONE transaction,
 * the unclaimed `users` row gets its sign-in account (auth_users + credential), becomes `active` with
 * its e-mail confirmed (the link reached that mailbox) and the terms agreed, and the invitation is
 * claimed (its token dead). Then a session starts as at sign-in and the person reviews the profile.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SECTION_IDS } from '../../../shared/limits';
import { BIOGRAPHY_PENDING } from '../../../shared/profile-completion';
import {
  CLAIM_MESSAGES,
  type ClaimRefusal,
  type ReviewDetail,
  type RosterClaimDto,
  type RosterReviewDto,
  type ReviewSource,
} from '../../../shared/schemas/roster-claims';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import {
  authAccounts,
  authUsers,
  directoryListings,
  fieldProvenance,
  hospitals,
  professionalIdentity,
  rosterEmails,
  rosterInvitations,
  users,
} from '../../db/schema';
import type { Actor } from '../../http/types';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/service';
import { readProfile } from '../profile/read';
import { refreshCompletion } from '../profile/service';
import { deadTokenHash, hashClaimToken, invitationIdOfToken } from './mail';

export interface ClaimDeps {
  db: Database;
  auth: Auth;
  now?: () => Date;
}

type InvitationRow = typeof rosterInvitations.$inferSelect;

/** j•••@example.org: enough for the person to recognise the address the magic link goes to. */
export function maskEmail(email: string) {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

class ClaimRefused extends AppError {
  constructor(
    readonly reason: ClaimRefusal,
    message: string,
    status: number,
  ) {
    super(`CLAIM_${reason.toUpperCase()}`, status, message, { reason });
  }
}

/**
 * The invitation a token opens, or why not. Tokens carry their invitation's id in front (decision
 * 0027): a token whose id is known but whose hash is not the invitation's current one is an older
 * link of that invitation, "replaced".
 */
async function lookUp(db: Database, token: string, now: Date, options: { lock?: boolean } = {}) {
  const invitationId = invitationIdOfToken(token);
  const refuse = (reason: ClaimRefusal, hospitalName: string | null, message: string, status = 410) =>
    ({ refusal: { reason, hospitalName, message, status } }) as const;
  if (!invitationId) return refuse('unknown', null, CLAIM_MESSAGES.unknown, 404);
  const query = db
    .select({ invitation: rosterInvitations, hospitalName: hospitals.name, brandColor: hospitals.directoryBrandColor })
    .from(rosterInvitations)
    .innerJoin(hospitals, eq(hospitals.id, rosterInvitations.hospitalId))
    .where(eq(rosterInvitations.id, invitationId));
  const [row] = options.lock ? await query.for('update', { of: rosterInvitations }) : await query;
  if (!row || !row.invitation.userId) return refuse('unknown', null, CLAIM_MESSAGES.unknown, 404);
  const { invitation, hospitalName } = row;
  const current = invitation.tokenHash === hashClaimToken(token);
  if (invitation.claimedAt) return refuse('claimed', hospitalName, CLAIM_MESSAGES.claimed);
  if (!current) {
    const [sent] = await db.select({ id: rosterEmails.id }).from(rosterEmails).where(eq(rosterEmails.invitationId, invitation.id)).limit(1);
    return sent ? refuse('replaced', hospitalName, CLAIM_MESSAGES.replaced) : refuse('unknown', null, CLAIM_MESSAGES.unknown, 404);
  }
  if (invitation.bouncedAt) return refuse('bounced', hospitalName, CLAIM_MESSAGES.bounced(hospitalName));
  if (invitation.expiresAt.getTime() <= now.getTime()) return refuse('expired', hospitalName, CLAIM_MESSAGES.expired(hospitalName));
  return { invitation: invitation as InvitationRow & { userId: string }, hospitalName, brandColor: row.brandColor } as const;
}

/** Signed in as someone else than the invitation's person: the page asks to sign out first. */
function otherUser(actor: Actor, invitation: InvitationRow) {
  if (actor.kind === 'provider' && actor.userId !== invitation.userId) return actor.email;
  if (actor.kind === 'account' || actor.kind === 'admin') return actor.email;
  return null;
}

/** `GET /api/roster-claims/:token`: what the claim page shows; the first open is recorded once. */
export async function readClaim(deps: ClaimDeps, token: string, actor: Actor): Promise<RosterClaimDto> {
  const now = deps.now?.() ?? new Date();
  const found = await lookUp(deps.db, token, now);
  if ('refusal' in found) {
    const { reason, hospitalName, message } = found.refusal;
    return { state: 'refused', reason, message, hospitalName };
  }
  const { invitation, hospitalName } = found;
  const signedInAs = otherUser(actor, invitation);
  if (signedInAs) return { state: 'refused', reason: 'other_user', message: CLAIM_MESSAGES.otherUser(signedInAs), hospitalName, signedInAs };
  await deps.db
    .update(rosterInvitations)
    .set({ openedAt: now })
    .where(and(eq(rosterInvitations.id, invitation.id), sql`${rosterInvitations.openedAt} is null`));
  const [person] = await deps.db
    .select({ fullName: users.fullName, specialty: professionalIdentity.primarySpecialty })
    .from(users)
    .leftJoin(professionalIdentity, eq(professionalIdentity.userId, users.id))
    .where(eq(users.id, invitation.userId));
  return {
    state: 'open',
    hospitalName,
    brandColor: found.brandColor,
    providerName: person?.fullName ?? '',
    specialty: person?.specialty ?? null,
    emailHint: maskEmail(invitation.email),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * The claim itself, in one transaction: the invitation locked and checked again, the sign-in account
 * made (with the password's hash when one was chosen), the draft turned active and confirmed, the
 * invitation claimed and its token replaced by one nobody holds. Returns the account's e-mail.
 */
export async function claimProfile(deps: ClaimDeps, token: string, actor: Actor, input: { password?: string; ip?: string | null }) {
  const now = deps.now?.() ?? new Date();
  // A link that does not work is refused before the password is hashed (scrypt is the costly part),
  // so random tokens cost the server one look-up each; the transaction checks again under the lock.
  const early = await lookUp(deps.db, token, now);
  if ('refusal' in early) throw new ClaimRefused(early.refusal.reason, early.refusal.message, early.refusal.status);
  const context = await deps.auth.$context;
  // Hashed before the transaction: scrypt takes a while and must not hold the lock.
  const passwordHash = input.password ? await context.password.hash(input.password) : null;
  return deps.db.transaction(async (tx) => {
    const found = await lookUp(tx, token, now, { lock: true });
    if ('refusal' in found) throw new ClaimRefused(found.refusal.reason, found.refusal.message, found.refusal.status);
    const { invitation, hospitalName } = found;
    const signedInAs = otherUser(actor, invitation);
    if (signedInAs) throw new ClaimRefused('other_user', CLAIM_MESSAGES.otherUser(signedInAs), 409);
    const [user] = await tx.select().from(users).where(eq(users.id, invitation.userId)).for('update');
    if (!user || user.status !== 'unclaimed' || user.authUserId) throw new ClaimRefused('claimed', CLAIM_MESSAGES.claimed, 410);
    const email = invitation.email.toLowerCase();
    // Sign-up refuses the draft's address as taken (decision 0026), so an account here means another
    // way in was made meanwhile (an administrator's account, say): refuse rather than share it.
    const [taken] = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(sql`lower(${authUsers.email})`, email))
      .limit(1);
    if (taken)
      throw new AppError('CLAIM_EMAIL_TAKEN', 409, 'An account with this e-mail address already exists. Sign in with it, or ask your hospital for help.');
    const authUserId = randomUUID();
    await tx.insert(authUsers).values({ id: authUserId, name: user.fullName, email, emailVerified: true, createdAt: now, updatedAt: now });
    if (passwordHash) {
      await tx.insert(authAccounts).values({
        id: randomUUID(),
        accountId: authUserId,
        providerId: 'credential',
        userId: authUserId,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      });
    }
    await tx
      .update(users)
      .set({ authUserId, status: 'active', emailVerified: true, agreedToTerms: true, agreedToPrivacy: true, updatedAt: now })
      .where(eq(users.id, user.id));
    await tx
      .update(rosterInvitations)
      .set({ claimedAt: now, tokenHash: deadTokenHash(), openedAt: invitation.openedAt ?? now })
      .where(eq(rosterInvitations.id, invitation.id));
    await recordAudit(tx, null, {
      action: 'provider.roster_profile_claimed',
      as: { id: user.id, role: 'provider', email },
      targetType: 'user',
      targetId: user.id,
      hospitalId: invitation.hospitalId,
      ip: input.ip ?? null,
      summary: { after: { invitationId: invitation.id, hospital: hospitalName, with: passwordHash ? 'password' : 'magic_link' } },
    });
    return { email, authUserId, userId: user.id };
  });
}

/** Where a provider who claimed a roster draft lands after a magic-link sign-in: the review page until they ask to publish. */
export async function rosterLandingPath(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ listingStatus: directoryListings.status })
    .from(rosterInvitations)
    .leftJoin(directoryListings, eq(directoryListings.userId, rosterInvitations.userId))
    .where(and(eq(rosterInvitations.userId, userId), sql`${rosterInvitations.claimedAt} is not null`))
    .limit(1);
  if (!row) return null;
  return !row.listingStatus || row.listingStatus === 'draft' ? '/roster-review' : null;
}

/** Whether the provider claimed a roster draft of this hospital (pre-approval applies to them). */
export async function claimedFromRoster(db: Database, userId: string, hospitalId: string) {
  const [row] = await db
    .select({ id: rosterInvitations.id })
    .from(rosterInvitations)
    .where(and(eq(rosterInvitations.userId, userId), eq(rosterInvitations.hospitalId, hospitalId), sql`${rosterInvitations.claimedAt} is not null`))
    .limit(1);
  return Boolean(row);
}

const SOURCE_OF: Record<string, ReviewSource> = { registry: 'registry', listing_service: 'listing_service', roster: 'roster', provider: 'provider' };

type Data = Record<string, unknown> | null;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const itemsOf = (data: Data) => (Array.isArray(data?.items) ? (data.items as Array<Record<string, unknown>>) : []);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the review shows of each section: a few lines of what is there, each with where it came from
 * (the field's provenance; a list's, for its items). Enough to tell "looks right" from "edit".
 */
function sectionDetails(sectionId: string, data: Data, sourceOf: (field: string) => ReviewSource | null): ReviewDetail[] {
  const line = (label: string, value: string | null, field: string): ReviewDetail[] => (value ? [{ label, value, source: sourceOf(field) }] : []);
  switch (sectionId) {
    case 'professional_identity': {
      const name = text(data?.fullLegalName) ?? ([text(data?.firstName), text(data?.lastName)].filter(Boolean).join(' ') || null);
      const credentials = Array.isArray(data?.credentials) ? (data.credentials as Array<{ name: string }>).map((c) => c.name).join(', ') : '';
      return [
        ...line('Name', name, 'fullLegalName'),
        ...line('Credentials', credentials || null, 'credentials'),
        ...line('Primary specialty', text(data?.primarySpecialty), 'primarySpecialty'),
        ...line('NPI', text(data?.npiNumber), 'npiNumber'),
        ...line('Professional e-mail', text(data?.professionalEmail), 'professionalEmail'),
      ];
    }
    case 'locations':
      return itemsOf(data)
        .slice(0, 3)
        .map((item) => ({
          label: text(item.locationName) ?? 'Office',
          value: [text(item.address), text(item.city), [text(item.state), text(item.postalCode)].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          source: sourceOf('items'),
        }));
    case 'biography': {
      const summary = text(data?.professionalSummary);
      return summary && summary !== BIOGRAPHY_PENDING
        ? line('Summary', summary.length > 160 ? `${summary.slice(0, 157)}…` : summary, 'professionalSummary')
        : [];
    }
    case 'practice_essentials':
      return [...line('Practice', text(data?.practiceName), 'practiceName'), ...line('Focus', text(data?.practiceFocus), 'practiceFocus')];
    default: {
      const items = itemsOf(data);
      return items.length > 0 ? [{ label: 'Entries', value: plural(items.length, 'entry', 'entries'), source: sourceOf('items') }] : [];
    }
  }
}

/** `GET /api/me/roster-review`: the claimed profile's sections, each with where its fields came from. */
export async function getRosterReview(db: Database, userId: string): Promise<RosterReviewDto> {
  const [row] = await db
    .select({ hospitalName: hospitals.name, preApproved: hospitals.rosterPreApproved, hospitalId: hospitals.id, listingStatus: directoryListings.status })
    .from(rosterInvitations)
    .innerJoin(hospitals, eq(hospitals.id, rosterInvitations.hospitalId))
    .leftJoin(directoryListings, eq(directoryListings.userId, rosterInvitations.userId))
    .where(and(eq(rosterInvitations.userId, userId), sql`${rosterInvitations.claimedAt} is not null`))
    .limit(1);
  if (!row) throw AppError.notFound('This account was not made from a hospital roster: there is nothing to review here.');
  const completion = await refreshCompletion(db, userId);
  const provenance = await db
    .select({ sectionId: fieldProvenance.sectionId, field: fieldProvenance.field, source: fieldProvenance.source })
    .from(fieldProvenance)
    .where(eq(fieldProvenance.userId, userId));
  const sourcesBySection = new Map<string, Set<ReviewSource>>();
  const sourceByField = new Map<string, ReviewSource>();
  for (const p of provenance) {
    const source = SOURCE_OF[p.source] ?? 'other';
    const set = sourcesBySection.get(p.sectionId) ?? new Set<ReviewSource>();
    set.add(source);
    sourcesBySection.set(p.sectionId, set);
    sourceByField.set(`${p.sectionId}.${p.field}`, source);
  }
  const profile = await readProfile(db, userId, SECTION_IDS);
  const dataOf = (sectionId: string) => (profile?.sections as Record<string, { data: Data }> | undefined)?.[sectionId]?.data ?? null;
  const sourceIn = (sectionId: string) => (field: string) => {
    const exact = sourceByField.get(`${sectionId}.${field}`);
    if (exact) return exact;
    const all = sourcesBySection.get(sectionId);
    return all && all.size === 1 ? [...all][0]! : null;
  };
  return {
    hospitalName: row.hospitalName,
    preApproved: row.preApproved,
    listingStatus: row.listingStatus ?? 'draft',
    sections: completion.sections
      .filter((s) => s.isVisible)
      .map((s) => ({
        sectionId: s.sectionId,
        title: s.title,
        path: s.path,
        status: s.status,
        sources: [...(sourcesBySection.get(s.sectionId) ?? [])].sort(),
        details: sectionDetails(s.sectionId, dataOf(s.sectionId), sourceIn(s.sectionId)),
      })),
  };
}
