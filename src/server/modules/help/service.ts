import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  HELP_MESSAGES,
  renderMarkdown,
  type HelpCategoryDto,
  type helpCategoryCreateSchema,
  type helpCategoryUpdateSchema,
  type HelpCounts,
  type HelpFaqDto,
  type helpFaqCreateSchema,
  type helpFaqUpdateSchema,
  type PublicHelpContent,
} from '../../../shared/schemas/help';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { helpCategories, helpFaqs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/service';

type CategoryRow = typeof helpCategories.$inferSelect;
type FaqRow = typeof helpFaqs.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Long answers in the audit trail are clipped: it records what changed, not a second copy. */
const clip = (value: string | null | undefined) => (value && value.length > 200 ? `${value.slice(0, 200)}…` : (value ?? null));

function faqDto(row: FaqRow): HelpFaqDto {
  return {
    id: row.id,
    categoryId: row.categoryId,
    question: row.question,
    answer: row.answer,
    displayOrder: row.displayOrder,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function categoryDto(row: CategoryRow, faqs: FaqRow[]): HelpCategoryDto {
  return {
    id: row.id,
    title: row.title,
    icon: row.icon,
    description: row.description,
    displayOrder: row.displayOrder,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    faqs: faqs.map(faqDto),
  };
}

// Ties on display_order (two rows created with the same order) fall back to creation, then id, so
// every reader sees the same order.
const categoryOrder = [asc(helpCategories.displayOrder), asc(helpCategories.createdAt), asc(helpCategories.id)];
const faqOrder = [asc(helpFaqs.displayOrder), asc(helpFaqs.createdAt), asc(helpFaqs.id)];

/** `GET /api/help`: active categories and their active questions, answers rendered to safe HTML. */
export async function getPublicHelp(db: Database): Promise<PublicHelpContent> {
  const categories = await db
    .select()
    .from(helpCategories)
    .where(eq(helpCategories.isActive, true))
    .orderBy(...categoryOrder);
  const faqs = categories.length
    ? await db
        .select()
        .from(helpFaqs)
        .where(
          and(
            eq(helpFaqs.isActive, true),
            inArray(
              helpFaqs.categoryId,
              categories.map((c) => c.id),
            ),
          ),
        )
        .orderBy(...faqOrder)
    : [];
  return {
    categories: categories.map((category) => ({
      id: category.id,
      title: category.title,
      icon: category.icon,
      description: category.description,
      faqs: faqs.filter((faq) => faq.categoryId === category.id).map((faq) => ({ id: faq.id, question: faq.question, answerHtml: renderMarkdown(faq.answer) })),
    })),
  };
}

/** Every category with every question (active or not), for the editor. */
export async function listHelpForAdmin(db: Database): Promise<{ items: HelpCategoryDto[] }> {
  const [categories, faqs] = await Promise.all([
    db
      .select()
      .from(helpCategories)
      .orderBy(...categoryOrder),
    db
      .select()
      .from(helpFaqs)
      .orderBy(...faqOrder),
  ]);
  return {
    items: categories.map((category) =>
      categoryDto(
        category,
        faqs.filter((faq) => faq.categoryId === category.id),
      ),
    ),
  };
}

export async function helpCounts(db: Database): Promise<HelpCounts> {
  const active = sql<number>`count(*) filter (where ${helpCategories.isActive})`;
  const activeFaqs = sql<number>`count(*) filter (where ${helpFaqs.isActive})`;
  const [[categories], [faqs]] = await Promise.all([
    db.select({ total: count(), active }).from(helpCategories),
    db.select({ total: count(), active: activeFaqs }).from(helpFaqs),
  ]);
  return {
    categories: { total: Number(categories?.total ?? 0), active: Number(categories?.active ?? 0) },
    faqs: { total: Number(faqs?.total ?? 0), active: Number(faqs?.active ?? 0) },
  };
}

async function findCategory(db: Database, id: string) {
  if (!UUID.test(id)) throw AppError.notFound(HELP_MESSAGES.categoryNotFound);
  const [row] = await db.select().from(helpCategories).where(eq(helpCategories.id, id)).limit(1);
  if (!row) throw AppError.notFound(HELP_MESSAGES.categoryNotFound);
  return row;
}

async function findFaq(db: Database, id: string) {
  if (!UUID.test(id)) throw AppError.notFound(HELP_MESSAGES.faqNotFound);
  const [row] = await db.select().from(helpFaqs).where(eq(helpFaqs.id, id)).limit(1);
  if (!row) throw AppError.notFound(HELP_MESSAGES.faqNotFound);
  return row;
}

export async function listCategoryFaqs(db: Database, categoryId: string) {
  const category = await findCategory(db, categoryId);
  const rows = await db
    .select()
    .from(helpFaqs)
    .where(eq(helpFaqs.categoryId, category.id))
    .orderBy(...faqOrder);
  return { items: rows.map(faqDto) };
}

async function nextCategoryOrder(db: Database) {
  const [row] = await db.select({ last: max(helpCategories.displayOrder) }).from(helpCategories);
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

async function nextFaqOrder(db: Database, categoryId: string) {
  const [row] = await db
    .select({ last: max(helpFaqs.displayOrder) })
    .from(helpFaqs)
    .where(eq(helpFaqs.categoryId, categoryId));
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function createCategory(db: Database, actor: AdminActor, input: z.output<typeof helpCategoryCreateSchema>) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(helpCategories)
      .values({ ...input, displayOrder: input.displayOrder ?? (await nextCategoryOrder(tx)) })
      .returning();
    await recordAudit(tx, actor, {
      action: 'help.category.create',
      targetType: 'help_category',
      targetId: row!.id,
      hospitalId: null,
      summary: { after: { title: row!.title, isActive: row!.isActive } },
    });
    return categoryDto(row!, []);
  });
}

export async function updateCategory(db: Database, actor: AdminActor, id: string, input: z.output<typeof helpCategoryUpdateSchema>) {
  const before = await findCategory(db, id);
  return db.transaction(async (tx) => {
    const [row] = Object.keys(input).length ? await tx.update(helpCategories).set(input).where(eq(helpCategories.id, before.id)).returning() : [before];
    if (!row) throw AppError.notFound(HELP_MESSAGES.categoryNotFound);
    const fields = Object.keys(input);
    await recordAudit(tx, actor, {
      action: 'help.category.update',
      targetType: 'help_category',
      targetId: row.id,
      hospitalId: null,
      summary: { fields, before: Object.fromEntries(fields.map((k) => [k, (before as Record<string, unknown>)[k]])), after: input },
    });
    const faqs = await tx
      .select()
      .from(helpFaqs)
      .where(eq(helpFaqs.categoryId, row.id))
      .orderBy(...faqOrder);
    return categoryDto(row, faqs);
  });
}

/** Deleting a category deletes its questions (the foreign key cascades). */
export async function deleteCategory(db: Database, actor: AdminActor, id: string) {
  const before = await findCategory(db, id);
  return db.transaction(async (tx) => {
    const [faqs] = await tx.select({ n: count() }).from(helpFaqs).where(eq(helpFaqs.categoryId, before.id));
    await tx.delete(helpCategories).where(eq(helpCategories.id, before.id));
    await recordAudit(tx, actor, {
      action: 'help.category.delete',
      targetType: 'help_category',
      targetId: before.id,
      hospitalId: null,
      summary: { before: { title: before.title }, faqsDeleted: Number(faqs?.n ?? 0) },
    });
    return { deleted: true };
  });
}

export async function createFaq(db: Database, actor: AdminActor, input: z.output<typeof helpFaqCreateSchema>) {
  const category = await findCategory(db, input.categoryId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(helpFaqs)
      .values({ ...input, categoryId: category.id, displayOrder: input.displayOrder ?? (await nextFaqOrder(tx, category.id)) })
      .returning();
    await recordAudit(tx, actor, {
      action: 'help.faq.create',
      targetType: 'help_faq',
      targetId: row!.id,
      hospitalId: null,
      summary: { after: { categoryId: category.id, question: row!.question, answer: clip(row!.answer), isActive: row!.isActive } },
    });
    return faqDto(row!);
  });
}

export async function updateFaq(db: Database, actor: AdminActor, id: string, input: z.output<typeof helpFaqUpdateSchema>) {
  const before = await findFaq(db, id);
  const moving = input.categoryId !== undefined && input.categoryId !== before.categoryId;
  if (moving) await findCategory(db, input.categoryId!);
  return db.transaction(async (tx) => {
    const changes = { ...input, ...(moving && input.displayOrder === undefined ? { displayOrder: await nextFaqOrder(tx, input.categoryId!) } : {}) };
    const [row] = Object.keys(changes).length ? await tx.update(helpFaqs).set(changes).where(eq(helpFaqs.id, before.id)).returning() : [before];
    if (!row) throw AppError.notFound(HELP_MESSAGES.faqNotFound);
    const fields = Object.keys(input);
    await recordAudit(tx, actor, {
      action: 'help.faq.update',
      targetType: 'help_faq',
      targetId: row.id,
      hospitalId: null,
      summary: {
        fields,
        before: Object.fromEntries(fields.map((k) => [k, k === 'answer' ? clip(before.answer) : (before as Record<string, unknown>)[k]])),
        after: { ...input, ...(input.answer !== undefined ? { answer: clip(input.answer) } : {}) },
      },
    });
    return faqDto(row);
  });
}

export async function deleteFaq(db: Database, actor: AdminActor, id: string) {
  const before = await findFaq(db, id);
  return db.transaction(async (tx) => {
    await tx.delete(helpFaqs).where(eq(helpFaqs.id, before.id));
    await recordAudit(tx, actor, {
      action: 'help.faq.delete',
      targetType: 'help_faq',
      targetId: before.id,
      hospitalId: null,
      summary: { before: { categoryId: before.categoryId, question: before.question } },
    });
    return { deleted: true };
  });
}

/**
 * Rewrites display_order to the given order. The list must name every row exactly once, so a stale
 * editor (someone added a row meanwhile) is refused rather than silently mis-ordering.
 */
async function applyOrder(tx: Database, existing: string[], ids: string[], noun: string, write: (id: string, order: number) => Promise<unknown>) {
  const known = new Set(existing);
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) throw AppError.validation(HELP_MESSAGES.orderMismatch(noun));
  for (const [index, id] of ids.entries()) await write(id, index);
}

export async function reorderCategories(db: Database, actor: AdminActor, ids: string[]) {
  return db.transaction(async (tx) => {
    // Lock the rows so two reorders in flight end as one or the other, never a mix.
    const rows = await tx.select({ id: helpCategories.id }).from(helpCategories).for('update');
    await applyOrder(
      tx,
      rows.map((r) => r.id),
      ids,
      'category',
      (id, order) => tx.update(helpCategories).set({ displayOrder: order }).where(eq(helpCategories.id, id)),
    );
    await recordAudit(tx, actor, { action: 'help.category.reorder', targetType: 'help_category', targetId: null, hospitalId: null, summary: { ids } });
    const [categories, faqs] = await Promise.all([
      tx
        .select()
        .from(helpCategories)
        .orderBy(...categoryOrder),
      tx
        .select()
        .from(helpFaqs)
        .orderBy(...faqOrder),
    ]);
    return {
      items: categories.map((category) =>
        categoryDto(
          category,
          faqs.filter((faq) => faq.categoryId === category.id),
        ),
      ),
    };
  });
}

export async function reorderFaqs(db: Database, actor: AdminActor, categoryId: string, ids: string[]) {
  const category = await findCategory(db, categoryId);
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: helpFaqs.id }).from(helpFaqs).where(eq(helpFaqs.categoryId, category.id)).for('update');
    await applyOrder(
      tx,
      rows.map((r) => r.id),
      ids,
      'question of this category',
      (id, order) =>
        tx
          .update(helpFaqs)
          .set({ displayOrder: order })
          .where(and(eq(helpFaqs.id, id), eq(helpFaqs.categoryId, category.id))),
    );
    await recordAudit(tx, actor, { action: 'help.faq.reorder', targetType: 'help_category', targetId: category.id, hospitalId: null, summary: { ids } });
    const faqs = await tx
      .select()
      .from(helpFaqs)
      .where(eq(helpFaqs.categoryId, category.id))
      .orderBy(...faqOrder);
    return { items: faqs.map(faqDto) };
  });
}
