import { and, eq } from 'drizzle-orm';
import type { EmbedSettingsView } from '../../../shared/schemas/embed';
import { hospitalScope, type AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { hospitals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/service';

const view = (row: { directoryEmbedOrigins: string[]; directoryEnabled: boolean; directorySlug: string | null }): EmbedSettingsView => ({
  origins: row.directoryEmbedOrigins,
  embedPath: row.directoryEnabled && row.directorySlug ? `/embed/${row.directorySlug}` : null,
});

async function scoped(db: Database, actor: AdminActor, hospitalId: string) {
  const [row] = await db
    .select({
      id: hospitals.id,
      directoryEmbedOrigins: hospitals.directoryEmbedOrigins,
      directoryEnabled: hospitals.directoryEnabled,
      directorySlug: hospitals.directorySlug,
    })
    .from(hospitals)
    .where(and(eq(hospitals.id, hospitalId), hospitalScope(actor, hospitals.id)))
    .limit(1);
  if (!row) throw AppError.notFound('Hospital not found');
  return row;
}

/** `GET /api/admin/hospitals/:id/embed`. */
export async function getEmbedSettings(db: Database, actor: AdminActor, hospitalId: string) {
  return view(await scoped(db, actor, hospitalId));
}

/** `PUT /api/admin/hospitals/:id/embed`: the websites allowed to frame the directory; in the audit log. */
export async function updateEmbedSettings(db: Database, actor: AdminActor, hospitalId: string, origins: string[]) {
  const before = await scoped(db, actor, hospitalId);
  const [saved] = await db.update(hospitals).set({ directoryEmbedOrigins: origins, updatedAt: new Date() }).where(eq(hospitals.id, before.id)).returning({
    id: hospitals.id,
    directoryEmbedOrigins: hospitals.directoryEmbedOrigins,
    directoryEnabled: hospitals.directoryEnabled,
    directorySlug: hospitals.directorySlug,
  });
  await recordAudit(db, actor, {
    action: 'hospital.embed_updated',
    targetType: 'hospital',
    targetId: before.id,
    hospitalId: before.id,
    summary: { before: before.directoryEmbedOrigins, after: saved!.directoryEmbedOrigins },
  });
  return view(saved!);
}

/** The origins allowed to frame a public directory's embed pages; empty when it is off or unknown. */
export async function embedOriginsFor(db: Database, hospitalSlug: string): Promise<string[]> {
  const [row] = await db
    .select({ origins: hospitals.directoryEmbedOrigins })
    .from(hospitals)
    .where(and(eq(hospitals.directorySlug, hospitalSlug), eq(hospitals.directoryEnabled, true), eq(hospitals.isActive, true)))
    .limit(1);
  return row?.origins ?? [];
}
