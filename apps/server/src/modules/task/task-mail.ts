import { ALERT_KINDS, ALERT_OF_TASK } from '@edoc/contract/alert';
import type { Lang } from '@edoc/contract/enums';
import { TaskState } from '@edoc/contract/states';
import type { TaskKind } from '@edoc/contract/workflow';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { sendMail } from '../../mail/mailer.ts';

/**
 * Task e-mails (issue 10): a new task, a due date tomorrow and an overdue task, each told to the assignee once, in
 * their language, as their project alerts choose. A task row is written in its transition's transaction; these
 * passes find the rows afterwards and claim them with one UPDATE each (SKIP LOCKED), so a rolled-back transition
 * mails nobody, a crash loses no task, and several workers never send one twice.
 */
type Reason = 'new' | 'dueTomorrow' | 'overdue';

type Claimed = {
  task_id: number;
  kind: string;
  due_date: string | null;
  email: string;
  lang: string;
  file_id: number;
  file_name: string;
  project_name: string;
  kinds: string[] | null;
};

const KIND_WORDS: Record<TaskKind, { en: string; zh: string }> = {
  receive: { en: 'to receive', zh: '待接收' },
  edit: { en: 'to edit', zh: '待编辑' },
  rejected: { en: 'rejected, to revise', zh: '已驳回，待修改' },
  review: { en: 'to review', zh: '待审阅' },
  qc: { en: 'to quality-check', zh: '待质控' },
  approve: { en: 'to approve', zh: '待批准' },
  archive: { en: 'to archive', zh: '待归档' },
  deleteApproval: { en: 'deletion to approve', zh: '待审批删除' },
  qualityIssue: { en: 'a quality issue to resolve', zh: '质量问题待处理' },
  qualityVerify: { en: 'a resolved quality issue to verify', zh: '质量问题待确认' },
};

function taskMail(reason: Reason, t: Claimed, url: string) {
  const words = KIND_WORDS[t.kind as TaskKind] ?? { en: t.kind, zh: t.kind };
  const link = `${url.replace(/\/+$/, '')}/view?fileId=${t.file_id}`;
  const due = t.due_date ?? '';
  if ((t.lang as Lang) === 'en-US') {
    const subject = {
      new: `edoc: "${t.file_name}" is waiting for you (${words.en})`,
      dueTomorrow: `edoc: "${t.file_name}" is due tomorrow (${words.en})`,
      overdue: `edoc: "${t.file_name}" is overdue (${words.en})`,
    }[reason];
    const lead = { new: 'A document is waiting for you', dueTomorrow: `Due ${due}`, overdue: `Overdue since ${due}` };
    return { subject, text: `${lead[reason]}: ${t.file_name} (${words.en}), project ${t.project_name}.\n\n${link}\n` };
  }
  const subject = {
    new: `edoc：文档《${t.file_name}》${words.zh}`,
    dueTomorrow: `edoc：文档《${t.file_name}》明天到期（${words.zh}）`,
    overdue: `edoc：文档《${t.file_name}》已逾期（${words.zh}）`,
  }[reason];
  const lead = { new: '有文档等待您处理', dueTomorrow: `截止日期 ${due}`, overdue: `已于 ${due} 逾期` };
  return { subject, text: `${lead[reason]}：${t.file_name}（${words.zh}），项目 ${t.project_name}。\n\n${link}\n` };
}

/** Claims up to 200 open tasks matching `where`, marking them with `mark`, and returns what the mail needs. */
async function claim(db: Db, where: ReturnType<typeof sql>, mark: ReturnType<typeof sql>): Promise<Claimed[]> {
  const result = await db.execute<Claimed>(sql`
    WITH picked AS (
      SELECT id FROM tasks WHERE state = ${TaskState.Open} AND ${where} ORDER BY id LIMIT 200 FOR UPDATE SKIP LOCKED
    ), marked AS (
      UPDATE tasks t SET ${mark} FROM picked WHERE t.id = picked.id
      RETURNING t.id, t.kind, t.due_date, t.user_id, t.document_id, t.project_id
    )
    SELECT m.id AS task_id, m.kind, m.due_date::text AS due_date, u.email, u.lang, d.id AS file_id,
           d.name AS file_name, p.name AS project_name, a.kinds
    FROM marked m
    JOIN users u ON u.id = m.user_id
    JOIN documents d ON d.id = m.document_id
    JOIN projects p ON p.id = m.project_id
    LEFT JOIN study_alerts a ON a.user_id = m.user_id AND a.project_id = m.project_id
    WHERE u.enabled`);
  return result.rows;
}

/** Whether the user's project alerts want mail about this kind of task (no choice saved: all). */
const wanted = (t: Claimed) =>
  (t.kinds ?? [...ALERT_KINDS]).includes(ALERT_OF_TASK[t.kind as TaskKind] ?? (t.kind as never));

async function mailAll(jobs: Jobs, reason: Reason, rows: Claimed[], url: string): Promise<number> {
  const sending = rows.filter(wanted);
  for (const t of sending) await sendMail(jobs, { to: t.email, ...taskMail(reason, t, url) });
  return sending.length;
}

/** New tasks, announced once each (200 at a time, until none is left). */
export async function mailNewTasks(deps: { db: Db; jobs: Jobs; publicUrl: string }): Promise<number> {
  let sent = 0;
  for (;;) {
    const rows = await claim(deps.db, sql`notified_at IS NULL`, sql`notified_at = now()`);
    sent += await mailAll(deps.jobs, 'new', rows, deps.publicUrl);
    if (rows.length < 200) return sent;
  }
}

/** The daily reminders: due tomorrow, and overdue — each once per task. `today` is the server's date. */
export async function mailReminders(deps: { db: Db; jobs: Jobs; publicUrl: string }): Promise<number> {
  const soon = await claim(
    deps.db,
    sql`due_date = current_date + 1 AND reminded_due_at IS NULL`,
    sql`reminded_due_at = current_date`,
  );
  const late = await claim(
    deps.db,
    sql`due_date < current_date AND reminded_overdue_at IS NULL`,
    sql`reminded_overdue_at = current_date`,
  );
  return (
    (await mailAll(deps.jobs, 'dueTomorrow', soon, deps.publicUrl)) +
    (await mailAll(deps.jobs, 'overdue', late, deps.publicUrl))
  );
}
