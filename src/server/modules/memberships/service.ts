import { and, desc, eq, sql } from 'drizzle-orm';
import { MEMBERSHIP_MESSAGES, type AdminHospitalRequestView, type HospitalRequestView, type MyHospitalView } from '../../../shared/schemas/memberships';
import type { Database } from '../../db/client';
import { hospitalJoinRequests, hospitals, locations, users } from '../../db/schema';
import { hospitalScope, type AdminActor } from '../../auth/policies';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordAudit } from '../audit/service';
import { createNotification } from '../notifications/service';
import { adminChangeActor, withSectionHistory } from '../profile/history';
import { refreshCompletion } from '../profile/service';

type RequestRow = typeof hospitalJoinRequests.$inferSelect;

function requestView(row: RequestRow, hospitalName: string): HospitalRequestView {
  return {
    id: row.id,
    hospitalId: row.hospitalId,
    hospitalName,
    message: row.message,
    status: row.status as HospitalRequestView['status'],
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** `GET /api/me/hospital`: the provider's hospital, and their latest request to join one. */
export async function myHospital(db: Database, userId: string): Promise<MyHospitalView> {
  const [user] = await db
    .select({ hospitalId: users.hospitalId, hospitalName: hospitals.name })
    .from(users)
    .leftJoin(hospitals, eq(hospitals.id, users.hospitalId))
    .where(eq(users.id, userId))
    .limit(1);
  const [latest] = await db
    .select({ row: hospitalJoinRequests, hospitalName: hospitals.name })
    .from(hospitalJoinRequests)
    .innerJoin(hospitals, eq(hospitals.id, hospitalJoinRequests.hospitalId))
    .where(eq(hospitalJoinRequests.userId, userId))
    .orderBy(desc(hospitalJoinRequests.createdAt))
    .limit(1);
  return {
    hospital: user?.hospitalId && user.hospitalName ? { id: user.hospitalId, name: user.hospitalName } : null,
    request: latest ? requestView(latest.row, latest.hospitalName) : null,
  };
}

/** `POST /api/me/hospital-request`: a provider without a hospital asks to join an active one. */
export async function requestHospital(db: Database, userId: string, input: { hospitalId: string; message: string | null }) {
  const [user] = await db.select({ hospitalId: users.hospitalId }).from(users).where(eq(users.id, userId)).limit(1);
  if (user?.hospitalId) throw AppError.conflict(MEMBERSHIP_MESSAGES.alreadyMember);
  const [hospital] = await db
    .select({ id: hospitals.id, name: hospitals.name })
    .from(hospitals)
    .where(and(eq(hospitals.id, input.hospitalId), eq(hospitals.isActive, true)))
    .limit(1);
  if (!hospital) throw AppError.notFound(MEMBERSHIP_MESSAGES.hospitalNotFound);
  try {
    const [row] = await db.insert(hospitalJoinRequests).values({ userId, hospitalId: hospital.id, message: input.message }).returning();
    return requestView(row!, hospital.name);
  } catch (error) {
    // One pending request per provider (a partial unique index), also under concurrent clicks.
    if (isUniqueViolation(error)) throw AppError.conflict(MEMBERSHIP_MESSAGES.alreadyPending);
    throw error;
  }
}

/** `DELETE /api/me/hospital-request`: the provider withdraws their pending request. */
export async function cancelHospitalRequest(db: Database, userId: string) {
  const cancelled = await db
    .update(hospitalJoinRequests)
    .set({ status: 'cancelled', decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(hospitalJoinRequests.userId, userId), eq(hospitalJoinRequests.status, 'pending')))
    .returning({ id: hospitalJoinRequests.id });
  if (cancelled.length === 0) throw AppError.notFound(MEMBERSHIP_MESSAGES.noPending);
  return { cancelled: true };
}

/** Pending requests to the administrator's hospital (a system administrator sees every hospital's). */
export async function listHospitalRequests(db: Database, actor: AdminActor): Promise<{ items: AdminHospitalRequestView[] }> {
  const rows = await db
    .select({
      row: hospitalJoinRequests,
      hospitalName: hospitals.name,
      user: { id: users.id, fullName: users.fullName, email: users.email, npiNumber: users.npiNumber },
    })
    .from(hospitalJoinRequests)
    .innerJoin(hospitals, eq(hospitals.id, hospitalJoinRequests.hospitalId))
    .innerJoin(users, eq(users.id, hospitalJoinRequests.userId))
    .where(and(eq(hospitalJoinRequests.status, 'pending'), hospitalScope(actor, hospitalJoinRequests.hospitalId)))
    .orderBy(hospitalJoinRequests.createdAt)
    .limit(200);
  return { items: rows.map(({ row, hospitalName, user }) => ({ ...requestView(row, hospitalName), user })) };
}

/**
 * Puts the provider in `hospitalId` (null: none) in the caller's transaction. What is scoped by
 * hospital (terms, locations, section permissions, reading levels, the listing import) is read from
 * users.hospital_id, so it follows at once; links to the previous hospital's own locations are
 * dropped, since they belong to that hospital (the addresses stay on the profile).
 */
async function moveProvider(tx: Database, userId: string, hospitalId: string | null, by: AdminActor) {
  const [hospital] = hospitalId ? await tx.select({ name: hospitals.name }).from(hospitals).where(eq(hospitals.id, hospitalId)).limit(1) : [];
  const [before] = await tx.select({ hospitalId: users.hospitalId }).from(users).where(eq(users.id, userId)).limit(1);
  await tx
    .update(users)
    .set({ hospitalId, organization: hospital?.name ?? null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  if (before?.hospitalId && before.hospitalId !== hospitalId) {
    // The administrator's move changes the provider's locations: their history names the administrator.
    await withSectionHistory(tx, { userId, sectionId: 'locations', by: { source: 'admin', actor: adminChangeActor(by) } }, async () => {
      await tx
        .update(locations)
        .set({ predefinedLocationId: null })
        .where(and(eq(locations.userId, userId), sql`${locations.predefinedLocationId} is not null`));
    });
  }
  // The new hospital's section permissions decide what completion counts: stored again at once.
  await refreshCompletion(tx, userId);
  return { from: before?.hospitalId ?? null, to: hospitalId, hospitalName: hospital?.name ?? null };
}

/**
 * `POST /api/admin/hospital-requests/:id/approve|decline`. Approving assigns the provider to the
 * hospital; either way the provider is told in the app and the decision is in the audit log.
 */
export async function decideHospitalRequest(db: Database, actor: AdminActor, requestId: string, decision: 'approve' | 'decline') {
  const [found] = await db
    .select({ row: hospitalJoinRequests, hospitalName: hospitals.name })
    .from(hospitalJoinRequests)
    .innerJoin(hospitals, eq(hospitals.id, hospitalJoinRequests.hospitalId))
    .where(and(eq(hospitalJoinRequests.id, requestId), hospitalScope(actor, hospitalJoinRequests.hospitalId)))
    .limit(1);
  if (!found) throw AppError.notFound(MEMBERSHIP_MESSAGES.requestNotFound);
  const { row, hospitalName } = found;

  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(hospitalJoinRequests)
      .set({ status: decision === 'approve' ? 'approved' : 'declined', decidedBy: actor.email, decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(hospitalJoinRequests.id, row.id), eq(hospitalJoinRequests.status, 'pending')))
      .returning();
    if (!claimed) throw AppError.conflict(MEMBERSHIP_MESSAGES.requestDecided);
    const moved = decision === 'approve' ? await moveProvider(tx, row.userId, row.hospitalId, actor) : null;
    return { claimed, moved };
  });

  await recordAudit(db, actor, {
    action: decision === 'approve' ? 'user.hospital_assigned' : 'user.hospital_request_declined',
    targetType: 'user',
    targetId: row.userId,
    hospitalId: row.hospitalId,
    summary: { requestId: row.id, hospitalName, ...(outcome.moved ? { from: outcome.moved.from, to: outcome.moved.to } : {}) },
  });
  await createNotification(db, row.userId, {
    type: 'system',
    title: decision === 'approve' ? `Welcome to ${hospitalName}` : `${hospitalName} declined your request`,
    message:
      decision === 'approve'
        ? `${hospitalName} accepted your request. Your profile now follows its sections, terms and locations.`
        : `${hospitalName} did not accept your request to join. You can ask another hospital from your settings.`,
    data: { requestId: row.id, hospitalId: row.hospitalId },
  });
  return requestView(outcome.claimed, hospitalName);
}

/** `PUT /api/admin/users/:userId/hospital` (system administrators): assign or move a provider. */
export async function assignProviderHospital(db: Database, actor: AdminActor, userId: string, hospitalId: string | null) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw AppError.notFound('User not found');
  if (hospitalId) {
    const [hospital] = await db
      .select({ id: hospitals.id })
      .from(hospitals)
      .where(and(eq(hospitals.id, hospitalId), eq(hospitals.isActive, true)))
      .limit(1);
    if (!hospital) throw AppError.notFound(MEMBERSHIP_MESSAGES.hospitalNotFound);
  }
  const moved = await db.transaction(async (tx) => {
    const result = await moveProvider(tx, userId, hospitalId, actor);
    // A request the move answers is closed with it.
    await tx
      .update(hospitalJoinRequests)
      .set({ status: 'cancelled', decidedBy: actor.email, decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(hospitalJoinRequests.userId, userId), eq(hospitalJoinRequests.status, 'pending')));
    return result;
  });
  await recordAudit(db, actor, {
    action: 'user.hospital_assigned',
    targetType: 'user',
    targetId: userId,
    hospitalId,
    summary: { from: moved.from, to: moved.to, hospitalName: moved.hospitalName },
  });
  return { userId, hospitalId, hospitalName: moved.hospitalName };
}
