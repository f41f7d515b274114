import type { MilestoneLevel } from '@edoc/contract/milestone';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { milestoneTypes } from '../../db/schema/milestones.ts';

/**
 * The milestone types edoc ships (issue 27 item 3's list), in the order a trial meets them. Codes are stable (part 4's
 * rules and the exports name them); names may be corrected here and follow at the next start.
 */
export const SHIPPED_MILESTONE_TYPES: ReadonlyArray<{
  code: string;
  level: MilestoneLevel;
  nameEn: string;
  nameZh: string;
}> = [
  { code: 'protocol_approved', level: 'trial', nameEn: 'Protocol approved', nameZh: '方案获批' },
  { code: 'regulatory_approval', level: 'country', nameEn: 'Regulatory approval', nameZh: '监管机构批准' },
  { code: 'irb_iec_approval', level: 'site', nameEn: 'IRB/IEC approval', nameZh: '伦理委员会批准' },
  { code: 'site_initiated', level: 'site', nameEn: 'Site initiated', nameZh: '中心启动' },
  { code: 'site_activated', level: 'site', nameEn: 'Site activated', nameZh: '中心激活' },
  { code: 'first_subject_in', level: 'trial', nameEn: 'First subject in', nameZh: '首例受试者入组' },
  {
    code: 'site_first_subject_in',
    level: 'site',
    nameEn: 'First subject in at the site',
    nameZh: '中心首例受试者入组',
  },
  { code: 'last_subject_out', level: 'trial', nameEn: 'Last subject out', nameZh: '末例受试者出组' },
  { code: 'site_closed', level: 'site', nameEn: 'Site closed', nameZh: '中心关闭' },
  { code: 'database_locked', level: 'trial', nameEn: 'Database locked', nameZh: '数据库锁定' },
  { code: 'trial_closed', level: 'trial', nameEn: 'Trial closed', nameZh: '试验结束' },
];

/**
 * Run at every start (and by the tests' global setup), as ensureShippedTmfModels is: each shipped type exists with
 * the code's names and position. A type's level never changes once shipped: milestones of projects are dated at it.
 */
export async function ensureShippedMilestoneTypes(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(milestoneTypes).where(isNull(milestoneTypes.companyId));
    const byCode = new Map(rows.map((r) => [r.code, r]));
    for (const [position, t] of SHIPPED_MILESTONE_TYPES.entries()) {
      const row = byCode.get(t.code);
      if (!row) {
        // Nodes starting together: the unique index lets the first one in, the others find it next time.
        await tx
          .insert(milestoneTypes)
          .values({ companyId: null, ...t, position })
          .onConflictDoNothing();
      } else if (row.nameEn !== t.nameEn || row.nameZh !== t.nameZh || row.position !== position) {
        await tx
          .update(milestoneTypes)
          .set({ nameEn: t.nameEn, nameZh: t.nameZh, position })
          .where(and(eq(milestoneTypes.id, row.id), isNull(milestoneTypes.companyId)));
      }
    }
  });
}
