import type { Lang } from '@edoc/contract/enums';
import type { TmfGroupBy, TmfSummary } from '@edoc/contract/tmf-health';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { MEDIA } from '../../lib/raw-answer.ts';
import { sendMail } from '../../mail/mailer.ts';
import { memberContext } from '../custom-report/custom-report-rights.ts';
import { healthHeader, healthPdf, targetText, type HealthHeader } from './tmf-health-pdf.ts';
import { healthScope } from './tmf-health.policy.ts';
import { summaryOf } from './tmf-health.service.ts';

const WEEK_MS = 7 * 86_400_000;
const CLAIM = 20;

type Claimed = { user_id: number; project_id: number; group_by: TmfGroupBy; previous: string | null };
type MailDeps = { db: Db; jobs: Jobs; publicUrl: string; onError?: (err: unknown) => void };

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);

/** The mail's body: the main figures of the reader's dashboard, one a line, and where to read the rest. */
function healthMail(summary: TmfSummary, head: HealthHeader, lang: Lang, link: string) {
  const en = lang === 'en-US';
  const t = summary.total;
  const q = t.quality;
  const lines = en
    ? [
        `TMF health of ${head.project.code} ${head.project.name}, as you may see it:`,
        '',
        `Completeness: ${pct(t.completeness)} (${t.filed} of ${t.expected} expected documents filed)`,
        `Completeness of due items: ${pct(t.completenessDue)} (${t.filedDueByToday} of ${t.dueByToday})`,
        `Overdue: ${t.overdue}`,
        `Timeliness: ${pct(t.timeliness.pct)} within ${targetText(summary, lang)}, median ${t.timeliness.medianDays ?? '—'} days`,
        `QC rejection rate: ${pct(q.rejectionRate)}; first time right: ${pct(q.firstTimeRight)}`,
        `Open quality issues: ${q.openIssues}`,
        '',
        'The attached PDF holds every figure, the groups and the 12-week trend.',
        `Open the dashboard in edoc: ${link}`,
      ]
    : [
        `${head.project.code} ${head.project.name} 的 TMF 健康度（按您的权限统计）：`,
        '',
        `完整性：${pct(t.completeness)}（应有文档 ${t.expected} 份，已归档 ${t.filed} 份）`,
        `到期完整性：${pct(t.completenessDue)}（截至今日应归档 ${t.dueByToday} 份，已归档 ${t.filedDueByToday} 份）`,
        `已逾期：${t.overdue}`,
        `及时率：${pct(t.timeliness.pct)}（目标 ${targetText(summary, lang)}），归档天数中位数 ${t.timeliness.medianDays ?? '—'} 天`,
        `质控驳回率：${pct(q.rejectionRate)}；一次通过率：${pct(q.firstTimeRight)}`,
        `未解决质量问题：${q.openIssues}`,
        '',
        '附件 PDF 含全部指标、分组和最近 12 周趋势。',
        `在 edoc 中打开仪表盘：${link}`,
      ];
  return {
    subject: en ? `edoc: weekly TMF health of ${head.project.name}` : `edoc：${head.project.name} 每周 TMF 健康度`,
    text: `${lines.join('\n')}\n`,
  };
}

/**
 * Issue 27 part 6, the weekly mail of the TMF health dashboard: each subscription whose last mail is a week old (or
 * that never had one) in an open project with a model goes to its member, if still an enabled member, computed
 * through THEIR rights (healthScope over a context built for them, as the custom reports' weekly mail does) in their
 * language, with the PDF attached. Rows are claimed with one UPDATE … SKIP LOCKED stamping last_mailed_at, so
 * workers running at once send each once a week; a project without a model is not claimed (its rows wait). A mail
 * that fails gets its old stamp back, so the next round tries it again, and the others still go.
 */
export async function mailWeeklyHealth(deps: MailDeps, at = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await deps.db.execute<Claimed>(sql`
      WITH picked AS (
        SELECT m.user_id, m.project_id, m.last_mailed_at FROM tmf_health_mail m JOIN projects p ON p.id = m.project_id
        WHERE NOT p.closed AND p.tmf_model_id IS NOT NULL
          AND (m.last_mailed_at IS NULL OR m.last_mailed_at <= ${new Date(at.getTime() - WEEK_MS).toISOString()}::timestamptz)
        ORDER BY m.project_id, m.user_id LIMIT ${CLAIM} FOR UPDATE OF m SKIP LOCKED
      )
      UPDATE tmf_health_mail m SET last_mailed_at = ${at.toISOString()}::timestamptz FROM picked
      WHERE m.user_id = picked.user_id AND m.project_id = picked.project_id
      RETURNING m.user_id, m.project_id, m.group_by, picked.last_mailed_at::text AS previous`);
    for (const row of claimed.rows) {
      try {
        if (await mailOne(deps, row, at)) sent += 1;
      } catch (err) {
        deps.onError?.(err);
        await deps.db.execute(sql`
          UPDATE tmf_health_mail SET last_mailed_at = ${row.previous}::timestamptz
          WHERE user_id = ${row.user_id} AND project_id = ${row.project_id}`);
      }
    }
    if (claimed.rows.length < CLAIM) return sent;
  }
}

async function mailOne(deps: MailDeps, row: Claimed, at: Date): Promise<boolean> {
  const member = await memberContext(deps.db, row.project_id, row.user_id);
  if (!member) return false; // left the project, or disabled: nothing of it any more
  const { summary, head } = await deps.db.transaction(
    async (tx) => ({
      summary: await summaryOf(tx, await healthScope(tx, member.ctx), row.group_by, member.lang),
      head: await healthHeader(tx, row.project_id, {}),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const by = member.ctx.auth.user.name;
  const pdf = await healthPdf({ summary, head, groupBy: row.group_by, by, lang: member.lang, at });
  const link = `${deps.publicUrl.replace(/\/+$/, '')}/tmf-health`;
  const stem = member.lang === 'en-US' ? 'tmf-health' : 'TMF健康度';
  await sendMail(deps.jobs, {
    to: member.email,
    ...healthMail(summary, head, member.lang, link),
    attachments: [
      {
        filename: `${stem}-${at.toISOString().slice(0, 10)}.pdf`,
        contentType: MEDIA.pdf,
        base64: pdf.toString('base64'),
      },
    ],
  });
  return true;
}
