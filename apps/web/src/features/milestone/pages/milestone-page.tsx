import { useMemo } from 'react';
import { Card, Collapse, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MilestoneLevel, MilestoneRow, MilestoneType } from '@edoc/contract/milestone';
import { countryLabel, useCountries } from '../../country/api';
import { useSites } from '../../site/api';
import { useMilestones } from '../api';
import { isOverdue, MilestoneTable } from '../components/milestone-table';

interface Group {
  key: string;
  title: string;
  rows: MilestoneRow[];
}

/** The grid's rows of one level, grouped by their place, in the server's order (countries, then sites, by code). */
function groupBy(rows: MilestoneRow[], level: MilestoneLevel, placeOf: (row: MilestoneRow) => [string, string]) {
  const groups = new Map<string, Group>();
  for (const row of rows.filter((r) => r.level === level)) {
    const [key, title] = placeOf(row);
    const group = groups.get(key) ?? { key, title, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Issue 27 part 3, /manage/milestone: the trial's milestones, each country's and each site's, with their planned
 * and actual dates; a date is saved as soon as it is chosen.
 */
export function MilestonePage() {
  const { t, i18n } = useTranslation();
  const grid = useMilestones();
  const countries = useCountries();
  const sites = useSites();

  const types = useMemo(
    () => new Map<number, MilestoneType>((grid.data?.types ?? []).map((m) => [m.id, m])),
    [grid.data],
  );
  const rows = grid.data?.rows ?? [];
  const hasLevel = (level: MilestoneLevel) => grid.data?.types.some((m) => m.level === level) ?? false;

  const countryTitle = (id: number | null) => {
    const c = countries.data?.find((x) => x.id === id);
    return c ? countryLabel(c, i18n.language) : `#${id}`;
  };
  const siteTitle = (id: number | null) => {
    const s = sites.data?.find((x) => x.siteId === id);
    // The site's country beside it, as the site list shows it.
    return s ? `${s.code} ${s.name}${s.countryCode ? ` · ${s.countryCode}` : ''}` : `#${id}`;
  };
  const sections: { level: MilestoneLevel; title: string; groups: Group[]; none: string }[] = [
    {
      level: 'trial',
      title: t('milestone.trialLevel'),
      groups: groupBy(rows, 'trial', () => ['trial', t('milestone.trial')]),
      none: t('milestone.noTypes'),
    },
    {
      level: 'country',
      title: t('milestone.countryLevel'),
      groups: groupBy(rows, 'country', (r) => [`country-${r.countryId}`, countryTitle(r.countryId)]),
      none: t('milestone.noCountries'),
    },
    {
      level: 'site',
      title: t('milestone.siteLevel'),
      groups: groupBy(rows, 'site', (r) => [`site-${r.siteId}`, siteTitle(r.siteId)]),
      none: t('milestone.noSites'),
    },
  ];

  return (
    <Card title={t('menu.project.manageMilestone')} variant="borderless" loading={grid.isPending}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('milestone.intro')}</Typography.Text>
        {sections
          .filter((s) => hasLevel(s.level))
          .map((section) => (
            <section key={section.level} id={`milestone-${section.level}`} aria-label={section.title}>
              <Typography.Title level={5}>{section.title}</Typography.Title>
              {section.groups.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={section.none} />
              ) : (
                <Collapse
                  defaultActiveKey={section.groups.map((g) => g.key)}
                  items={section.groups.map((group) => {
                    const overdue = group.rows.filter((r) => isOverdue(r)).length;
                    return {
                      key: group.key,
                      label: (
                        <Space size="middle">
                          <Typography.Text strong>{group.title}</Typography.Text>
                          {overdue > 0 && (
                            <Typography.Text type="danger">
                              {t('milestone.overdueCount', { count: overdue })}
                            </Typography.Text>
                          )}
                        </Space>
                      ),
                      children: (
                        <MilestoneTable
                          id={`milestone-group-${group.key}`}
                          place={group.title}
                          rows={group.rows}
                          types={types}
                        />
                      ),
                    };
                  })}
                />
              )}
            </section>
          ))}
        {grid.data && grid.data.types.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('milestone.noTypes')} />
        )}
      </Space>
    </Card>
  );
}
