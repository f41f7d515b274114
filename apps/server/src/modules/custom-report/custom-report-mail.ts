import { reportDefinition } from '@edoc/contract/custom-report';
import type { Lang } from '@edoc/contract/enums';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { sendMail } from '../../mail/mailer.ts';
import { reportTable } from './custom-report-export.ts';
import { runDefinition } from './custom-report-query.ts';
import { memberContext, viewerOf } from './custom-report-rights.ts';

const WEEK_MS = 7 * 86_400_000;
const CLAIM = 20;
/** Rows a mail's body lists; the report in edoc has them all. */
const MAIL_ROWS = 50;

type Claimed = {
  id: number;
  project_id: number;
  project_name: string;
  name: string;
  definition: unknown;
  mail_to: number[];
};

function reportMail(name: string, project: string, lines: string[], lang: Lang, link: string) {
  const en = lang === 'en-US';
  return {
    subject: en ? `edoc: weekly report "${name}" (${project})` : `edoc：每周报表《${name}》（${project}）`,
    text: `${lines.join('\n')}\n\n${en ? 'Open the report in edoc' : '在 edoc 中打开报表'}: ${link}\n`,
  };
}

/** The report as plain text: the title, its notes, then the table one row a line, cells parted by " | ". */
function tableText(table: ReturnType<typeof reportTable>, lang: Lang, total: number): string[] {
  const shown = table.rows.slice(0, MAIL_ROWS);
  const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const lines = [table.title, ...(table.notes ?? []), '', table.columns.map((c) => c.header).join(' | ')];
  for (const row of shown) lines.push(row.map(cell).join(' | '));
  if (table.rows.length === 0) lines.push(lang === 'en-US' ? 'No data' : '暂无数据');
  if (table.rows.length > shown.length || total > table.rows.length)
    lines.push(lang === 'en-US' ? `(the first ${shown.length} rows)` : `（仅列出前 ${shown.length} 行）`);
  return lines;
}

/**
 * Issue 14, weekly mail: a report with recipients whose last sending is a week old (or that was never sent) goes to
 * each recipient who is still an enabled member of its project, in their language, computed with THEIR rights (a
 * member without a folder's rights never reads its rows in a mail either). Reports are claimed with one
 * UPDATE … SKIP LOCKED that stamps last_mailed_at, so workers running at once send each report once a week.
 */
export async function mailWeeklyReports(deps: { db: Db; jobs: Jobs; publicUrl: string }, at = new Date()) {
  let sent = 0;
  for (;;) {
    const claimed = await deps.db.execute<Claimed>(sql`
      WITH picked AS (
        SELECT c.id FROM custom_reports c JOIN projects p ON p.id = c.project_id
        WHERE cardinality(c.mail_to) > 0 AND NOT p.closed
          AND (c.last_mailed_at IS NULL OR c.last_mailed_at <= ${new Date(at.getTime() - WEEK_MS).toISOString()}::timestamptz)
        ORDER BY c.id LIMIT ${CLAIM} FOR UPDATE OF c SKIP LOCKED
      )
      UPDATE custom_reports c SET last_mailed_at = ${at.toISOString()}::timestamptz FROM picked, projects p
      WHERE c.id = picked.id AND p.id = c.project_id
      RETURNING c.id, c.project_id, p.name AS project_name, c.name, c.definition, c.mail_to`);
    for (const report of claimed.rows) sent += await mailOne(deps, report);
    if (claimed.rows.length < CLAIM) return sent;
  }
}

async function mailOne(deps: { db: Db; jobs: Jobs; publicUrl: string }, report: Claimed): Promise<number> {
  const parsed = reportDefinition.safeParse(report.definition);
  if (!parsed.success) return 0;
  const def = parsed.data;
  const link = `${deps.publicUrl.replace(/\/+$/, '')}/report?id=${report.id}`;
  let sent = 0;
  for (const userId of new Set(report.mail_to)) {
    const member = await memberContext(deps.db, report.project_id, userId);
    if (!member) continue; // left the project, or disabled: nothing of it any more
    const result = await deps.db.transaction(async (tx) => runDefinition(tx, def, await viewerOf(tx, member.ctx)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    const table = reportTable({ name: report.name, definition: def, result }, member.lang);
    const lines = tableText(table, member.lang, result.total);
    await sendMail(deps.jobs, {
      to: member.email,
      ...reportMail(report.name, report.project_name, lines, member.lang, link),
    });
    sent += 1;
  }
  return sent;
}
