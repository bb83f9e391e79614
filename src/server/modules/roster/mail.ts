/**
 * The roster's e-mails (issue 37 items 4–5): the invitation to claim a pre-filled profile and the
 * reminders after it, in the hospital's brand. One function sends them all, with the crash rule of
 * docs/roster.md: the `roster_emails` row is written `sending` BEFORE the mail server is called and
 * marked `sent` or `failed` after, so a process killed in between leaves `sending`, which is never
 * sent again on its own (no one is invited twice; the admin sees it and can send a reminder).
 *
 * Every e-mail to a person who has not claimed yet carries a NEW claim link: the invitation's
 * token_hash and expiry are replaced in the same transaction as the `sending` row, so the older
 * links answer "replaced by a newer invitation".
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { directoryListings, hospitals, professionalIdentity, rosterEmails, rosterInvitations, users } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Logger } from '../../lib/logger';
import { escapeHtml } from '../../render/escape';
import { refreshCompletion } from '../profile/service';

export interface RosterMailDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  secret: string;
  inviteTtlDays: number;
  now?: () => Date;
}

export type RosterMailResult = 'sent' | 'failed' | 'skipped';

const DAY_MS = 86_400_000;
const DEFAULT_BRAND = '#1d4ed8';
const INK = '#111827';
const MUTED = '#6b7280';

/**
 * The claim link's token: the invitation's id (32 hex digits) then 32 random bytes; only its SHA-256
 * is stored (as a session token would be). The id in front lets an older link of the same
 * invitation be told apart from an unknown one ("replaced by a newer invitation", decision 0027); it
 * grants nothing on its own, the random part does.
 */
export function newClaimToken(invitationId: string) {
  const token = `${invitationId.replace(/-/g, '').toLowerCase()}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashClaimToken(token) };
}

/** The invitation id at the front of a claim token, or null when the token is not one of ours. */
export function invitationIdOfToken(token: string): string | null {
  const match = /^([0-9a-f]{32})[A-Za-z0-9_-]{43}$/.exec(token);
  if (!match) return null;
  const hex = match[1]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A token hash nobody holds a token for: an invitation before its first e-mail, and after its claim. */
export const deadTokenHash = () => hashClaimToken(`dead:${randomBytes(32).toString('base64url')}`);

export const hashClaimToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const rosterClaimUrl = (appUrl: string, token: string) => `${appUrl}/claim/${token}`;

const unsubscribeSignature = (secret: string, invitationId: string) =>
  createHmac('sha256', secret).update(`roster-unsubscribe:${invitationId}`).digest('base64url');

/** `${APP_URL}/roster/unsubscribe/<invitationId>.<hmac>`: signed, not stored, so every e-mail's link keeps working. */
export function rosterUnsubscribeUrl(appUrl: string, secret: string, invitationId: string): string {
  return `${appUrl}/roster/unsubscribe/${invitationId}.${unsubscribeSignature(secret, invitationId)}`;
}

/** The invitation id of a signed unsubscribe value (`<id>.<hmac>`), or null when the signature does not match. */
export function verifyRosterUnsubscribe(secret: string, signed: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const invitationId = signed.slice(0, dot);
  if (!/^[0-9a-f-]{36}$/i.test(invitationId)) return null;
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(unsubscribeSignature(secret, invitationId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? invitationId : null;
}

/** The hospital's colour when it is a plain hex colour (it goes into a style attribute), else Vitae's blue. */
const brandColour = (value: string | null | undefined) => (value && /^#[0-9a-f]{6}$/i.test(value) ? value : DEFAULT_BRAND);

const formatDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export interface RosterInvitationContent {
  hospitalName: string;
  brandColor: string | null;
  /** The pre-filled name as the profile has it (e.g. "Anthony Barnes, MD"). */
  providerName: string;
  specialty: string | null;
  /** Titles of the sections the draft already has (not missing). */
  filledSections: string[];
  claimUrl: string;
  expiresAt: Date;
  unsubscribeUrl: string;
}

interface RosterLayout {
  hospitalName: string;
  brandColor: string | null;
  preheader: string;
  heading: string;
  paragraphs: string[];
  list?: { title: string; items: string[] };
  action: { label: string; url: string };
  after: string[];
  unsubscribeUrl: string;
}

/** The roster e-mails' layout: the hospital's name and colour at the top, one action, the unsubscribe link at the foot. */
function renderRosterMail(layout: RosterLayout) {
  const colour = brandColour(layout.brandColor);
  const p = (text: string) => `<p style="font-size:15px;line-height:1.6;margin:0 0 16px">${escapeHtml(text)}</p>`;
  const list = layout.list
    ? `<p style="font-size:15px;line-height:1.6;margin:0 0 8px;font-weight:600">${escapeHtml(layout.list.title)}</p>
    <ul style="font-size:15px;line-height:1.6;margin:0 0 16px;padding-left:20px">${layout.list.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(layout.heading)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:${INK}">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(layout.preheader)}</span>
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
  <div style="font-size:22px;font-weight:700;color:${colour};margin-bottom:24px">${escapeHtml(layout.hospitalName)}</div>
  <div style="background:#ffffff;border-radius:12px;padding:32px;border:1px solid #e5e7eb;border-top:4px solid ${colour}">
    <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(layout.heading)}</h1>
    ${layout.paragraphs.map(p).join('\n    ')}
    ${list}
    <p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(layout.action.label)}</a></p>
    ${layout.after.map(p).join('\n    ')}
    <p style="font-size:13px;line-height:1.5;color:${MUTED};margin:0">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(layout.action.url)}</span></p>
  </div>
  <p style="font-size:12px;line-height:1.5;color:${MUTED};margin:16px 8px">Sent by Vitae for ${escapeHtml(layout.hospitalName)}. If you do not want these e-mails, <a href="${escapeHtml(layout.unsubscribeUrl)}" style="color:${MUTED}">unsubscribe</a>.</p>
</div></body></html>`;
  const text = [
    layout.heading,
    '',
    ...layout.paragraphs.flatMap((line) => [line, '']),
    ...(layout.list ? [layout.list.title, ...layout.list.items.map((item) => `- ${item}`), ''] : []),
    `${layout.action.label}: ${layout.action.url}`,
    '',
    ...layout.after.flatMap((line) => [line, '']),
    `Sent by Vitae for ${layout.hospitalName}. Unsubscribe: ${layout.unsubscribeUrl}`,
  ].join('\n');
  return { html, text };
}

/** The invitation to claim a pre-filled profile: who it is for, what is filled in, the link and until when it works. */
export function rosterInvitationEmail(content: RosterInvitationContent) {
  const who = content.specialty ? `${content.providerName} (${content.specialty})` : content.providerName;
  return {
    subject: `${content.hospitalName} has prepared your Vitae profile`,
    ...renderRosterMail({
      hospitalName: content.hospitalName,
      brandColor: content.brandColor,
      preheader: `Review and publish your profile in ${content.hospitalName}'s directory.`,
      heading: `Your profile is ready to review, ${content.providerName}`,
      paragraphs: [
        `${content.hospitalName} has started a profile for ${who} in its provider directory on Vitae, from the NPI registry and the hospital's records.`,
        'Claim it to check what is there, correct anything, and publish it.',
      ],
      list: content.filledSections.length > 0 ? { title: 'Already filled in:', items: content.filledSections } : undefined,
      action: { label: 'Claim your profile', url: content.claimUrl },
      after: [
        `The link is for this e-mail address only, works once, and expires on ${formatDate(content.expiresAt)}. After that, ask ${content.hospitalName} for a new link.`,
      ],
      unsubscribeUrl: content.unsubscribeUrl,
    }),
  };
}

export interface RosterReminderContent extends Omit<RosterInvitationContent, 'claimUrl' | 'expiresAt'> {
  /** Not claimed yet: a new claim link and its expiry; claimed but not published: a sign-in link to the dashboard. */
  link: { kind: 'claim'; url: string; expiresAt: Date } | { kind: 'sign_in'; url: string };
}

/** A reminder: to claim (with a new link) or, once claimed, to finish and publish. */
export function rosterReminderEmail(content: RosterReminderContent) {
  const claim = content.link.kind === 'claim';
  return {
    subject: claim ? `Reminder: your ${content.hospitalName} profile is waiting for you` : `Reminder: publish your ${content.hospitalName} profile`,
    ...renderRosterMail({
      hospitalName: content.hospitalName,
      brandColor: content.brandColor,
      preheader: claim ? 'Your pre-filled profile is waiting to be claimed.' : 'Your profile is not published yet.',
      heading: claim ? `Your profile is still waiting, ${content.providerName}` : `Your profile is not published yet, ${content.providerName}`,
      paragraphs: claim
        ? [`${content.hospitalName} has prepared a profile for you in its provider directory. Claim it, check it and publish it.`]
        : [`You claimed your profile in ${content.hospitalName}'s directory. Sign in to review it and publish it, so patients can find you.`],
      list: content.filledSections.length > 0 ? { title: 'Already filled in:', items: content.filledSections } : undefined,
      action: claim ? { label: 'Claim your profile', url: content.link.url } : { label: 'Sign in to Vitae', url: content.link.url },
      after: content.link.kind === 'claim' ? [`This is a new link: earlier ones no longer work. It expires on ${formatDate(content.link.expiresAt)}.`] : [],
      unsubscribeUrl: content.unsubscribeUrl,
    }),
  };
}

/** SMTP's permanent refusal (5xx): the address will not work, so the invitation is marked bounced. */
export function permanentMailFailure(error: unknown): string | null {
  const e = error as { responseCode?: unknown; response?: unknown; message?: unknown } | null;
  const code = typeof e?.responseCode === 'number' ? e.responseCode : null;
  const message = typeof e?.response === 'string' ? e.response : typeof e?.message === 'string' ? e.message : String(error);
  if (code !== null) return code >= 500 && code < 600 ? message.slice(0, 500) : null;
  return /^5\d\d[ -]/.test(message) ? message.slice(0, 500) : null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends one roster e-mail for the invitation. 'skipped' when there is nothing to send: the invitation
 * is gone or bounced; an invitation e-mail already exists for it (any status: a `sending` one left by
 * a crash included); a scheduled reminder's sequence is taken; the person claimed (for the invitation)
 * or claimed and published, or unsubscribed (for reminders).
 */
export async function sendRosterEmail(
  deps: RosterMailDeps,
  input: { invitationId: string; kind: 'invitation' | 'reminder'; sequence?: number | null; sentBy?: string | null },
): Promise<RosterMailResult> {
  const now = deps.now?.() ?? new Date();
  const sequence = input.sequence ?? null;

  // Decide and write `sending` (and the new link) in one transaction, the invitation row locked so two
  // senders of the same invitation queue up and the second sees the first's row.
  const prepared = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invitation: rosterInvitations, listingStatus: directoryListings.status })
      .from(rosterInvitations)
      .leftJoin(directoryListings, eq(directoryListings.userId, rosterInvitations.userId))
      .where(eq(rosterInvitations.id, input.invitationId))
      .for('update', { of: rosterInvitations });
    const userId = row?.invitation.userId;
    if (!row || !userId) return null;
    const { invitation } = row;
    if (invitation.bouncedAt) return null;
    if (input.kind === 'invitation') {
      if (invitation.claimedAt) return null;
      const [earlier] = await tx
        .select({ id: rosterEmails.id })
        .from(rosterEmails)
        .where(and(eq(rosterEmails.invitationId, invitation.id), eq(rosterEmails.kind, 'invitation')))
        .limit(1);
      if (earlier) return null;
    } else {
      if (invitation.unsubscribedAt) return null;
      if (invitation.claimedAt && row.listingStatus === 'published') return null;
    }
    const inserted = await tx
      .insert(rosterEmails)
      .values({ invitationId: invitation.id, kind: input.kind, sequence, sentBy: input.sentBy ?? null, status: 'sending' })
      .onConflictDoNothing()
      .returning({ id: rosterEmails.id });
    if (inserted.length === 0) return null;
    let token: string | null = null;
    let expiresAt = invitation.expiresAt;
    if (!invitation.claimedAt) {
      const fresh = newClaimToken(invitation.id);
      token = fresh.token;
      expiresAt = new Date(now.getTime() + deps.inviteTtlDays * DAY_MS);
      await tx.update(rosterInvitations).set({ tokenHash: fresh.tokenHash, expiresAt }).where(eq(rosterInvitations.id, invitation.id));
    }
    return { emailId: inserted[0]!.id, invitation, userId, token, expiresAt };
  });
  if (!prepared) return 'skipped';

  const { invitation, emailId } = prepared;
  const markFailed = async (error: unknown) => {
    const bounce = permanentMailFailure(error);
    await deps.db
      .update(rosterEmails)
      .set({ status: 'failed', error: errorText(error) })
      .where(eq(rosterEmails.id, emailId));
    if (bounce) await deps.db.update(rosterInvitations).set({ bouncedAt: now, bounceReason: bounce }).where(eq(rosterInvitations.id, invitation.id));
    deps.logger.warn({ invitationId: invitation.id, kind: input.kind, bounced: Boolean(bounce), err: errorText(error) }, 'roster e-mail not sent');
    return 'failed' as const;
  };

  let message;
  try {
    message = await composeRosterEmail(deps, { ...prepared, kind: input.kind });
  } catch (error) {
    return markFailed(error);
  }
  try {
    await deps.mailer.send({
      to: invitation.email,
      subject: message.subject,
      text: message.text,
      html: message.html,
      kind: input.kind === 'invitation' ? 'roster_invitation' : 'roster_reminder',
      links: message.links,
      headers: { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  } catch (error) {
    return markFailed(error);
  }
  await deps.db
    .update(rosterEmails)
    .set({ status: 'sent', sentAt: deps.now?.() ?? new Date() })
    .where(eq(rosterEmails.id, emailId));
  return 'sent';
}

/** The e-mail's content from the hospital, the draft's name and specialty and its completion. */
async function composeRosterEmail(
  deps: RosterMailDeps,
  input: { invitation: typeof rosterInvitations.$inferSelect; userId: string; token: string | null; expiresAt: Date; kind: 'invitation' | 'reminder' },
) {
  const [person] = await deps.db
    .select({
      fullName: users.fullName,
      specialty: professionalIdentity.primarySpecialty,
      hospitalName: hospitals.name,
      brandColor: hospitals.directoryBrandColor,
    })
    .from(users)
    .innerJoin(hospitals, eq(hospitals.id, input.invitation.hospitalId))
    .leftJoin(professionalIdentity, eq(professionalIdentity.userId, users.id))
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!person) throw new Error('The invitation’s profile no longer exists');
  const completion = await refreshCompletion(deps.db, input.userId);
  const filledSections = completion.sections.filter((s) => s.isVisible && s.status !== 'missing').map((s) => s.title);
  const unsubscribeUrl = rosterUnsubscribeUrl(deps.appUrl, deps.secret, input.invitation.id);
  const common = {
    hospitalName: person.hospitalName,
    brandColor: person.brandColor,
    providerName: person.fullName,
    specialty: person.specialty,
    filledSections,
    unsubscribeUrl,
  };
  if (input.kind === 'invitation') {
    const claimUrl = rosterClaimUrl(deps.appUrl, input.token!);
    return { ...rosterInvitationEmail({ ...common, claimUrl, expiresAt: input.expiresAt }), links: [claimUrl, unsubscribeUrl], unsubscribeUrl };
  }
  const link = input.token
    ? ({ kind: 'claim', url: rosterClaimUrl(deps.appUrl, input.token), expiresAt: input.expiresAt } as const)
    : ({ kind: 'sign_in', url: `${deps.appUrl}/login` } as const);
  return { ...rosterReminderEmail({ ...common, link }), links: [link.url, unsubscribeUrl], unsubscribeUrl };
}

/** How many roster e-mails an invitation has in each status (tests and the admin's list). */
export async function rosterEmailCounts(db: Database, invitationId: string) {
  const rows = await db
    .select({ status: rosterEmails.status, n: sql<number>`count(*)::int` })
    .from(rosterEmails)
    .where(eq(rosterEmails.invitationId, invitationId))
    .groupBy(rosterEmails.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<'sending' | 'sent' | 'failed', number>>;
}
