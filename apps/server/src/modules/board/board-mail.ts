import type { Lang } from '@edoc/contract/enums';
import { and, eq, inArray } from 'drizzle-orm';
import { boardTopics } from '../../db/schema/board.ts';
import { projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import { sendMail } from '../../mail/mailer.ts';
import { wantsAlert } from '../user/project-alert.service.ts';

interface Mentioned {
  projectId: number;
  topicId: number;
  byName: string;
  userIds: number[];
}

function mentionMail(lang: Lang, m: { byName: string; subject: string; project: string; link: string }) {
  if (lang === 'en-US')
    return {
      subject: `edoc: ${m.byName} mentioned you in "${m.subject}"`,
      text: `${m.byName} mentioned you on the message board of project ${m.project}: ${m.subject}\n\n${m.link}\n`,
    };
  return {
    subject: `edoc：${m.byName} 在「${m.subject}」中提到了您`,
    text: `${m.byName} 在项目 ${m.project} 的留言板中提到了您：${m.subject}\n\n${m.link}\n`,
  };
}

/**
 * The e-mail of a mention (issue 14), after the post committed: to each enabled member named whose project alerts
 * for the project include 'mention' (no choice saved: all kinds), in their own language. The in-app notice is the
 * board_mentions row, written with the post.
 */
export async function mailMentions(deps: Deps, m: Mentioned): Promise<void> {
  if (m.userIds.length === 0) return;
  const [about] = await deps.db
    .select({ subject: boardTopics.subject, project: projects.name })
    .from(boardTopics)
    .innerJoin(projects, eq(projects.id, boardTopics.projectId))
    .where(eq(boardTopics.id, m.topicId));
  if (!about) return;
  const people = await deps.db
    .select({ id: users.id, email: users.email, lang: users.lang })
    .from(users)
    .where(and(inArray(users.id, m.userIds), eq(users.enabled, true)));
  const link = `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/board/${m.topicId}`;
  for (const p of people) {
    if (!(await wantsAlert(deps.db, { userId: p.id, projectId: m.projectId, kind: 'mention' }))) continue;
    await sendMail(deps.jobs, { to: p.email, ...mentionMail(p.lang as Lang, { ...about, byName: m.byName, link }) });
  }
}
