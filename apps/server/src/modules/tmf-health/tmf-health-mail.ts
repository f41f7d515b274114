import { TrailType } from '@edoc/contract/enums';
import type { TmfMailBody, TmfMailState } from '@edoc/contract/tmf-health-mail';
import { and, eq } from 'drizzle-orm';
import { tmfHealthMail } from '../../db/schema/tmf-health.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

/*
 * The weekly mail of the TMF health dashboard (issue 27 part 6), as its member asks for it: GET and POST
 * /tmf-health/mail read and change the caller's own row in the entered project, never another member's (an
 * administrator does not subscribe others: the mail carries what its reader may see, and they choose to get it).
 * tmf-health-mail-job.ts sends the mails.
 */

const mine = (ctx: ProjectContext) =>
  and(eq(tmfHealthMail.userId, ctx.auth.user.id), eq(tmfHealthMail.projectId, ctx.projectId));

export async function healthMailState(deps: Deps, ctx: ProjectContext): Promise<TmfMailState> {
  const [row] = await deps.db.select().from(tmfHealthMail).where(mine(ctx));
  return {
    subscribed: !!row,
    groupBy: row?.groupBy ?? null,
    lastMailedAt: row?.lastMailedAt?.toISOString() ?? null,
  };
}

/**
 * Subscribes (with the grouping asked, else the one held, else zone) or unsubscribes the caller, with a trail row of
 * before and after in the same transaction; asking for what already holds writes nothing.
 */
export async function setHealthMail(deps: Deps, ctx: ProjectContext, body: TmfMailBody): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(tmfHealthMail).where(mine(ctx)).for('update');
    const before = { subscribed: !!row, groupBy: row?.groupBy ?? null };
    const groupBy = body.subscribed ? (body.groupBy ?? row?.groupBy ?? 'zone') : null;
    if (before.subscribed === body.subscribed && before.groupBy === groupBy) return;
    if (groupBy === null) await tx.delete(tmfHealthMail).where(mine(ctx));
    else if (row) await tx.update(tmfHealthMail).set({ groupBy }).where(mine(ctx));
    else await tx.insert(tmfHealthMail).values({ userId: ctx.auth.user.id, projectId: ctx.projectId, groupBy });
    await recordTrail(tx, ctx.actor, {
      type: TrailType.SettingsChange,
      objectType: 'tmf_health_mail',
      objectId: ctx.auth.user.id,
      oldValue: before,
      newValue: { subscribed: body.subscribed, groupBy },
    });
  });
}
