import {
  JOB_QUEUES,
  JOB_STATES,
  type JobListQuery,
  type JobOverview,
  type JobRef,
  type JobState,
} from '@edoc/contract/job-queue';
import { TrailType } from '@edoc/contract/enums';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import type { ActorContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

/*
 * The background queues as the system administrator sees them (issue 29 part 6), read from pg-boss's own table: a
 * job's state there is created / retry (waiting), active (running), failed, completed (done) or cancelled. Retrying
 * and cancelling are the same UPDATEs pg-boss's retry() and cancel() make, run here in the transaction that also
 * writes the trail row, so the change and its record land together.
 */

const BOSS_STATES: Record<JobState, string[]> = {
  waiting: ['created', 'retry'],
  running: ['active'],
  failed: ['failed'],
  done: ['completed'],
  cancelled: ['cancelled'],
};
const stateOf = (boss: string): JobState => JOB_STATES.find((s) => BOSS_STATES[s].includes(boss)) ?? 'waiting';
const inStates = (states: string[]) =>
  sql`state::text in (${sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  )})`;

export async function listJobs(db: Db, query: JobListQuery): Promise<JobOverview> {
  const counts = await db.execute<{ name: string; state: string; n: number }>(
    sql`select name, state::text as state, count(*)::int as n from pgboss.job group by 1, 2`,
  );
  const queues = JOB_QUEUES.map((queue) => {
    const row = { queue, waiting: 0, running: 0, failed: 0, done: 0, cancelled: 0 };
    for (const c of counts.rows) if (c.name === queue) row[stateOf(c.state)] += c.n;
    return row;
  });
  const { state, pageNum, pageSize } = query;
  const where: SQL = sql`${inStates(BOSS_STATES[state])} ${query.queue ? sql`and name = ${query.queue}` : sql``}`;
  const rows = await db.execute<{
    id: string;
    name: string;
    state: string;
    retry_count: number;
    created_on: Date;
    changed: Date | null;
    reason: string | null;
  }>(sql`select id, name, state::text as state, retry_count, created_on,
      coalesce(completed_on, started_on) as changed,
      case when state = 'failed' then coalesce(output->>'message', output::text) end as reason
    from pgboss.job where ${where}
    order by coalesce(completed_on, started_on, created_on) desc, id
    limit ${pageSize} offset ${(pageNum - 1) * pageSize}`);
  const total = await db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where ${where}`);
  return {
    queues,
    jobs: rows.rows.map((r) => ({
      id: r.id,
      queue: r.name,
      state: stateOf(r.state),
      retries: r.retry_count,
      createdAt: new Date(r.created_on).toISOString(),
      changedAt: r.changed ? new Date(r.changed).toISOString() : null,
      reason: r.reason,
    })),
    total: total.rows[0].n,
  };
}

/**
 * A failed job queued again (retry) or a job not yet ended cancelled. A running job's handler is not interrupted:
 * it finishes, but its end no longer counts and it is not retried.
 */
export async function changeJob(db: Db, ctx: ActorContext, ref: JobRef, action: 'retry' | 'cancel') {
  await db.transaction(async (tx) => {
    const found = await tx.execute<{ state: string }>(
      sql`select state::text as state from pgboss.job where name = ${ref.queue} and id = ${ref.id} for update`,
    );
    const before = found.rows[0]?.state;
    if (!before) fail('not_found');
    const allowed = action === 'retry' ? before === 'failed' : ['created', 'retry', 'active'].includes(before);
    if (!allowed) fail('job_state');
    await tx.execute(
      action === 'retry'
        ? sql`update pgboss.job set state = 'retry', retry_limit = retry_limit + 1 where name = ${ref.queue} and id = ${ref.id}`
        : sql`update pgboss.job set state = 'cancelled', completed_on = now() where name = ${ref.queue} and id = ${ref.id}`,
    );
    await recordTrail(tx, ctx.actor, {
      type: TrailType.SettingsChange,
      objectType: 'job',
      objectId: ref.id,
      oldValue: { queue: ref.queue, state: stateOf(before) },
      newValue: { queue: ref.queue, state: action === 'retry' ? 'waiting' : 'cancelled' },
    });
  });
  return null;
}
