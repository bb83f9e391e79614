import { and, desc, eq, sql } from 'drizzle-orm';
import type { NameCheck } from '../../../shared/schemas/directory';
import {
  NPI_CLAIM_MESSAGES,
  type AdminNpiClaimView,
  type NpiClaimEvidence,
  type NpiClaimInput,
  type NpiClaimStatus,
  type NpiClaimView,
} from '../../../shared/schemas/npi-claims';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { authUsers, directoryListings, hospitals, npiClaims, professionalIdentity, users } from '../../db/schema';
import type { Actor } from '../../http/types';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordAudit } from '../audit/service';
import { compareNames, registryFullName, type RegistryName } from '../directory/name-check';
import { REGISTRY_CHECK_MS } from '../directory/service';
import { withinMs } from '../../lib/within';
import { createNotification } from '../notifications/service';
import { adminChangeActor, withSectionHistory } from '../profile/history';

/**
 * Claims to an NPI another account holds (issue 32 item 4, decision 0020). Anyone can type a number;
 * the real clinician gets it back by claiming it: they must have confirmed their e-mail address, the
 * claim carries the evidence (the registry's name against both accounts' names, who confirmed an
 * address, which hospital each is at), and a system administrator grants or refuses it. Granting
 * moves the number in one transaction and takes the holder's listing down.
 */

type ClaimRow = typeof npiClaims.$inferSelect;

const iso = (value: Date | null) => value?.toISOString() ?? null;

export interface ClaimDeps {
  lookupNpi?: (npi: string) => Promise<RegistryName | null>;
}

async function accountFacts(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(${professionalIdentity.fullLegalName}, ''), ${users.fullName})`,
      email: users.email,
      npiNumber: users.npiNumber,
      identityNpi: professionalIdentity.npiNumber,
      emailConfirmed: sql<boolean>`coalesce(${authUsers.emailVerified}, false)`,
      hospital: hospitals.name,
      listing: directoryListings.status,
    })
    .from(users)
    .leftJoin(professionalIdentity, eq(professionalIdentity.userId, users.id))
    .leftJoin(authUsers, eq(authUsers.id, users.authUserId))
    .leftJoin(hospitals, eq(hospitals.id, users.hospitalId))
    .leftJoin(directoryListings, eq(directoryListings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The account that holds a number, on the account row or in the professional identity. */
async function holderOf(db: Database, npi: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(professionalIdentity, eq(professionalIdentity.userId, users.id))
    .where(sql`${users.npiNumber} = ${npi} or ${professionalIdentity.npiNumber} = ${npi}`)
    .limit(1);
  return row?.id ?? null;
}

const claimView = (row: ClaimRow): NpiClaimView => ({
  id: row.id,
  npiNumber: row.npiNumber,
  status: row.status as NpiClaimStatus,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  decidedAt: iso(row.decidedAt),
  decisionNote: row.decisionNote,
});

/** `POST /api/me/npi-claims`: the provider claims a number another account holds. */
export async function fileClaim(db: Database, actor: Extract<Actor, { kind: 'provider' }>, input: NpiClaimInput, deps: ClaimDeps = {}): Promise<NpiClaimView> {
  const npi = input.npiNumber.trim();
  const claimant = await accountFacts(db, actor.userId);
  if (!claimant) throw AppError.unauthenticated();
  if (claimant.npiNumber === npi || claimant.identityNpi === npi) throw AppError.conflict(NPI_CLAIM_MESSAGES.alreadyYours);
  if (!claimant.emailConfirmed) throw new AppError('EMAIL_NOT_CONFIRMED', 409, NPI_CLAIM_MESSAGES.emailNotConfirmed);
  const holderId = await holderOf(db, npi);
  if (!holderId) throw AppError.conflict(NPI_CLAIM_MESSAGES.notHeld);
  const holder = await accountFacts(db, holderId);

  let record: RegistryName | null = null;
  let registry: NpiClaimEvidence['registry'] = 'unavailable';
  if (deps.lookupNpi) {
    try {
      record = await withinMs(deps.lookupNpi(npi), REGISTRY_CHECK_MS);
      registry = record ? 'found' : 'not_found';
    } catch {
      registry = 'unavailable';
    }
  }
  const check = (name: string): NameCheck => (record ? compareNames(name, record) : registry === 'not_found' ? 'not_found' : 'unavailable');
  const evidence: NpiClaimEvidence = {
    registryName: record ? registryFullName(record) : null,
    registry,
    claimant: { name: claimant.name, nameCheck: check(claimant.name), emailConfirmed: claimant.emailConfirmed, hospital: claimant.hospital },
    holder: holder
      ? { name: holder.name, nameCheck: check(holder.name), emailConfirmed: holder.emailConfirmed, hospital: holder.hospital, listing: holder.listing }
      : null,
  };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(npiClaims)
        .values({
          npiNumber: npi,
          claimantUserId: actor.userId,
          holderUserId: holderId,
          note: input.note?.trim() || null,
          evidence: evidence as unknown as Record<string, unknown>,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'npi.claim_filed',
        targetType: 'npi_claim',
        targetId: row!.id,
        summary: { npiNumber: npi, holderUserId: holderId, evidence },
      });
      return claimView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(NPI_CLAIM_MESSAGES.alreadyClaimed);
    throw error;
  }
}

/** `GET /api/me/npi-claims`: the provider's own claims, newest first. */
export async function listMyClaims(db: Database, userId: string): Promise<{ items: NpiClaimView[] }> {
  const rows = await db.select().from(npiClaims).where(eq(npiClaims.claimantUserId, userId)).orderBy(desc(npiClaims.createdAt)).limit(50);
  return { items: rows.map(claimView) };
}

/** `GET /api/admin/npi-claims?status=`: the system administrators' queue, oldest open claim first. */
export async function listClaims(db: Database, status: NpiClaimStatus): Promise<{ items: AdminNpiClaimView[] }> {
  const claimant = sql`claimant`;
  const rows = await db
    .select({
      claim: npiClaims,
      claimant: { id: sql<string>`${claimant}.id`, name: sql<string>`${claimant}.full_name`, email: sql<string>`${claimant}.email` },
      holder: { id: users.id, name: users.fullName, email: users.email },
    })
    .from(npiClaims)
    .innerJoin(sql`${users} as ${claimant}`, sql`${claimant}.id = ${npiClaims.claimantUserId}`)
    .leftJoin(users, eq(users.id, npiClaims.holderUserId))
    .where(eq(npiClaims.status, status))
    .orderBy(status === 'open' ? npiClaims.createdAt : desc(npiClaims.decidedAt))
    .limit(200);
  return {
    items: rows.map(({ claim, claimant: who, holder }) => ({
      ...claimView(claim),
      claimant: who,
      holder: holder?.id ? { id: holder.id, name: holder.name!, email: holder.email! } : null,
      evidence: claim.evidence as unknown as NpiClaimEvidence,
      decidedBy: claim.decidedBy,
    })),
  };
}

/**
 * `POST /api/admin/npi-claims/:id/grant|refuse`. Granting, in one transaction: the holder loses the
 * number (account and identity) and their listing is taken down if it was asked for or public; the
 * claimant gets the number; other open claims to it are refused. Both people are told.
 */
export async function decideClaim(db: Database, actor: AdminActor, claimId: string, decision: 'grant' | 'refuse', note?: string) {
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    const [claim] = await tx.select().from(npiClaims).where(eq(npiClaims.id, claimId)).for('update');
    if (!claim) throw AppError.notFound(NPI_CLAIM_MESSAGES.notFound);
    if (claim.status !== 'open') throw AppError.conflict(NPI_CLAIM_MESSAGES.notOpen);
    const decided = { decidedBy: actor.email, decidedAt: now, decisionNote: note?.trim() || null, updatedAt: now };
    if (decision === 'refuse') {
      await tx
        .update(npiClaims)
        .set({ status: 'refused', ...decided })
        .where(eq(npiClaims.id, claim.id));
      await recordAudit(tx, actor, {
        action: 'npi.claim_refused',
        targetType: 'npi_claim',
        targetId: claim.id,
        summary: { npiNumber: claim.npiNumber, note: decided.decisionNote },
      });
      await createNotification(tx, claim.claimantUserId, {
        type: 'system',
        title: 'Your NPI claim was refused',
        message: `Your claim to NPI ${claim.npiNumber} was refused${decided.decisionNote ? `: ${decided.decisionNote}` : '.'}`,
        data: { claimId: claim.id },
      });
      return { claim, status: 'refused' as const };
    }

    const holderId = await holderOf(tx, claim.npiNumber);
    if (holderId && holderId !== claim.claimantUserId) {
      // Both identities change by the administrator's decision: each provider's history names them.
      await withSectionHistory(
        tx,
        { userId: holderId, sectionId: 'professional_identity', by: { source: 'admin', actor: adminChangeActor(actor) } },
        async () => {
          await tx
            .update(professionalIdentity)
            .set({ npiNumber: null, updatedAt: now })
            .where(and(eq(professionalIdentity.userId, holderId), eq(professionalIdentity.npiNumber, claim.npiNumber)));
        },
      );
      await tx
        .update(users)
        .set({ npiNumber: null, updatedAt: now })
        .where(and(eq(users.id, holderId), eq(users.npiNumber, claim.npiNumber)));
      const [takenDown] = await tx
        .update(directoryListings)
        .set({
          status: 'removed',
          reason: 'The NPI on this profile belongs to another clinician',
          publishedAt: null,
          decidedBy: actor.email,
          decidedAt: now,
          updatedAt: now,
        })
        .where(and(eq(directoryListings.userId, holderId), sql`${directoryListings.status} in ('pending', 'published')`))
        .returning({ hospitalId: directoryListings.hospitalId });
      if (takenDown) {
        await recordAudit(tx, actor, {
          action: 'directory.listing_unpublished',
          targetType: 'user',
          targetId: holderId,
          hospitalId: takenDown.hospitalId,
          summary: { to: 'removed', reason: 'npi_claim_granted', claimId: claim.id },
        });
      }
      await createNotification(tx, holderId, {
        type: 'system',
        title: 'An NPI was removed from your profile',
        message: `NPI ${claim.npiNumber} was shown to belong to another clinician and was removed from your profile${takenDown ? ', and your public profile was taken down' : ''}. Contact support if this is wrong.`,
        data: { claimId: claim.id },
      });
    }
    await tx.update(users).set({ npiNumber: claim.npiNumber, updatedAt: now }).where(eq(users.id, claim.claimantUserId));
    await withSectionHistory(
      tx,
      { userId: claim.claimantUserId, sectionId: 'professional_identity', by: { source: 'admin', actor: adminChangeActor(actor) } },
      async () => {
        await tx.update(professionalIdentity).set({ npiNumber: claim.npiNumber, updatedAt: now }).where(eq(professionalIdentity.userId, claim.claimantUserId));
      },
    );
    await tx
      .update(npiClaims)
      .set({ status: 'granted', ...decided })
      .where(eq(npiClaims.id, claim.id));
    await tx
      .update(npiClaims)
      .set({ status: 'refused', decidedBy: actor.email, decidedAt: now, decisionNote: 'The NPI was granted to another claimant', updatedAt: now })
      .where(and(eq(npiClaims.npiNumber, claim.npiNumber), eq(npiClaims.status, 'open'), sql`${npiClaims.id} <> ${claim.id}`));
    await recordAudit(tx, actor, {
      action: 'npi.claim_granted',
      targetType: 'npi_claim',
      targetId: claim.id,
      summary: { npiNumber: claim.npiNumber, from: holderId, to: claim.claimantUserId, note: decided.decisionNote },
    });
    await createNotification(tx, claim.claimantUserId, {
      type: 'system',
      title: 'Your NPI claim was granted',
      message: `NPI ${claim.npiNumber} is now on your profile. Check your professional identity, then ask to publish your profile.`,
      data: { claimId: claim.id },
    });
    return { claim, status: 'granted' as const };
  });
  return { id: result.claim.id, status: result.status };
}
