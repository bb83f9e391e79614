import { Hono } from 'hono';
import { rosterPeopleQuery, rosterReminderRequest } from '../../../shared/schemas/roster-people';
import type { AppDeps } from '../../app';
import { requireCapability } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { Mailer } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../render/escape';
import { hospitalIdParam } from '../hospitals/routes';
import { listRosterPeople, rosterPeopleCsv } from './people';
import { findUnsubscribe, rosterMailDepsFrom, sendRemindersNow, unsubscribeRoster } from './reminders';

/**
 * A hospital's roster people across its uploads (issue 37 items 3 and 5): the list with each
 * person's state, its CSV export, and reminders sent now. Hospital admins for their hospital,
 * system admins for any; another hospital's admin gets 404.
 */
export function rosterPeopleRoutes(deps: AppDeps & { mailer: Mailer }) {
  const { db } = deps.database;
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  const base = '/admin/hospitals/:hospitalId/roster';

  return (
    new Hono<AppBindings>()
      .get(`${base}/people`, requireCapability('hospitals.view'), validate('param', hospitalIdParam), validate('query', rosterPeopleQuery), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await listRosterPeople(db, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('query')));
      })
      // The same view as the list (filters, search, sort), every page, as CSV.
      .get(`${base}/people.csv`, requireCapability('hospitals.view'), validate('param', hospitalIdParam), validate('query', rosterPeopleQuery), async (c) => {
        const { hospitalId } = c.req.valid('param');
        return c.body(await rosterPeopleCsv(db, actorOf(c), hospitalId, c.req.valid('query')), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="roster-people-${hospitalId}.csv"`,
          'Cache-Control': 'no-store',
        });
      })
      .post(`${base}/reminders`, requireCapability('bulk.upload'), validate('param', hospitalIdParam), validate('json', rosterReminderRequest), async (c) => {
        const reminderDeps = rosterMailDepsFrom({ db, env: deps.env, logger: deps.logger, mailer: deps.mailer });
        return c.json(await sendRemindersNow(reminderDeps, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json').rowIds));
      })
  );
}

/** A small page of its own (no script, the app's look in a few inline styles): it must work from any mail client. */
function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Vitae</title>
<style>
body{margin:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827}
main{max-width:32rem;margin:0 auto;padding:3rem 1rem}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:2rem}
h1{font-size:1.375rem;margin:0 0 1rem}p{line-height:1.6;margin:0 0 1rem}
button{font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:8px;padding:.75rem 1.25rem;min-height:44px;cursor:pointer}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}.muted{color:#4b5563;font-size:.9375rem}
</style></head><body><main><div class="card">${body}</div><p class="muted" style="margin-top:1rem">Vitae</p></main></body></html>`;
}

/**
 * The unsubscribe link of every roster e-mail: `/roster/unsubscribe/<invitationId>.<hmac>` (signed
 * with the app's secret, src/server/modules/roster/mail.ts). GET shows a page that confirms with a
 * button and changes nothing (mail scanners open links); POST unsubscribes, from that button or as
 * RFC 8058's one-click (`List-Unsubscribe=One-Click` posted by the mail client). A wrong signature
 * answers 404 either way.
 */
export function rosterUnsubscribeRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const secret = deps.env.authSecret;
  const invalid = page(
    'Link not valid',
    '<h1>This unsubscribe link is not valid</h1><p>Copy the whole address from the e-mail, or use the link in the latest e-mail you received.</p>',
  );
  return new Hono<AppBindings>()
    .get('/roster/unsubscribe/:signed', async (c) => {
      c.header('Cache-Control', 'no-store');
      const signed = c.req.param('signed');
      const found = signed.length <= 200 ? await findUnsubscribe(db, secret, signed) : null;
      if (!found) return c.html(invalid, 404);
      const hospital = escapeHtml(found.hospitalName);
      if (found.unsubscribedAt) {
        return c.html(page('Unsubscribed', `<h1>You are unsubscribed</h1><p>You will get no more reminders from ${hospital} about your Vitae profile.</p>`));
      }
      return c.html(
        page(
          'Unsubscribe',
          `<h1>Stop the reminders?</h1><p>${hospital} sends you reminders to claim and publish your profile in its directory on Vitae. Unsubscribe and you will get no more of them.</p>
<form method="post" action="/roster/unsubscribe/${escapeHtml(encodeURIComponent(signed))}"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
    })
    .post('/roster/unsubscribe/:signed', async (c) => {
      c.header('Cache-Control', 'no-store');
      const signed = c.req.param('signed');
      const done = signed.length <= 200 ? await unsubscribeRoster(db, secret, signed) : null;
      if (!done) return c.html(invalid, 404);
      deps.logger.info({ invitationId: done.id }, 'roster reminders unsubscribed');
      return c.html(
        page(
          'Unsubscribed',
          `<h1>You are unsubscribed</h1><p>You will get no more reminders from ${escapeHtml(done.hospitalName)} about your Vitae profile.</p>`,
        ),
      );
    });
}
