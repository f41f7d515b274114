import { RoleCode, type Lang } from '@edoc/contract/enums';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { sendMail } from '../../mail/mailer.ts';

const CLAIM = 100;

type Notice = {
  file_id: number;
  file_name: string;
  expiration_date: string;
  project_name: string;
  email: string | null;
  lang: string;
};

function expiryMail(n: Notice, url: string) {
  const link = `${url.replace(/\/+$/, '')}/view?fileId=${n.file_id}`;
  if ((n.lang as Lang) === 'en-US')
    return {
      subject: `edoc: "${n.file_name}" expires on ${n.expiration_date}`,
      text: `The library document ${n.file_name} of project ${n.project_name} expires on ${n.expiration_date}.\n\n${link}\n`,
    };
  return {
    subject: `edoc：文档《${n.file_name}》将于 ${n.expiration_date} 到期`,
    text: `项目 ${n.project_name} 文件库中的文档《${n.file_name}》将于 ${n.expiration_date} 到期。\n\n${link}\n`,
  };
}

/**
 * Issue 11, expiry: a current, valid library document whose expiration date is within its project's notice days
 * (in the project's time zone, at `at`) is announced once — to its owner and the project's administrators (built-in
 * STU_PM), as their project alerts choose ('expiry'). Entries are claimed with one UPDATE … SKIP LOCKED, so workers
 * running at once send each notice once.
 */
export async function mailExpiryNotices(deps: { db: Db; jobs: Jobs; publicUrl: string }, at = new Date()) {
  let sent = 0;
  for (;;) {
    const rows = await deps.db.execute<Notice & { entry_id: number; wanted: boolean }>(sql`
      WITH picked AS (
        SELECT e.id FROM library_entries e
        JOIN documents d ON d.id = e.document_id
        JOIN projects p ON p.id = e.project_id
        WHERE e.superseded_at IS NULL AND NOT e.invalid AND e.expiry_notified_at IS NULL AND d.deleted_at IS NULL
          AND d.expiration_date IS NOT NULL AND p.expiry_notice_days > 0
          AND d.expiration_date <= (${at.toISOString()}::timestamptz AT TIME ZONE p.time_zone)::date + p.expiry_notice_days
        ORDER BY e.id LIMIT ${CLAIM} FOR UPDATE OF e SKIP LOCKED
      ), marked AS (
        UPDATE library_entries e SET expiry_notified_at = ${at.toISOString()}::timestamptz FROM picked
        WHERE e.id = picked.id RETURNING e.id, e.document_id, e.project_id
      ), people AS (
        SELECT m.id AS entry_id, d.created_by AS user_id FROM marked m JOIN documents d ON d.id = m.document_id
        UNION
        SELECT m.id, mb.user_id FROM marked m
        JOIN project_members mb ON mb.project_id = m.project_id
        JOIN roles r ON r.id = mb.role_id AND r.builtin AND r.code = ${RoleCode.ProjectAdmin}
      )
      SELECT m.id AS entry_id, d.id AS file_id, d.name AS file_name, d.expiration_date::text AS expiration_date,
             p.name AS project_name, u.email, u.lang, (a.kinds IS NULL OR 'expiry' = ANY (a.kinds)) AS wanted
      FROM marked m
      JOIN documents d ON d.id = m.document_id
      JOIN projects p ON p.id = m.project_id
      LEFT JOIN people pe ON pe.entry_id = m.id
      LEFT JOIN users u ON u.id = pe.user_id AND u.enabled
      LEFT JOIN study_alerts a ON a.user_id = u.id AND a.project_id = m.project_id`);
    for (const n of rows.rows)
      if (n.email && n.wanted) {
        await sendMail(deps.jobs, { to: n.email, ...expiryMail(n, deps.publicUrl) });
        sent += 1;
      }
    if (new Set(rows.rows.map((r) => r.entry_id)).size < CLAIM) return sent;
  }
}
