import { Hono } from 'hono';
import type { AppDeps } from '../../app';
import { requireCapability } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import type { Mailer } from '../../integrations/mail/mailer';
import { adminWork, sendCompletionReminders } from './service';

/** The console dashboard's work list and its completion reminder (issue 35 item 5). */
export function adminWorkRoutes(deps: AppDeps & { mailer: Mailer }) {
  const { db } = deps.database;
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  return new Hono<AppBindings>()
    .get('/admin/work', requireCapability('hospitals.view'), async (c) => c.json(await adminWork(db, actorOf(c))))
    .post('/admin/work/completion-reminders', requireCapability('users.manage'), async (c) =>
      c.json(await sendCompletionReminders({ db, mailer: deps.mailer, logger: deps.logger, appUrl: deps.env.appUrl }, actorOf(c))),
    );
}
