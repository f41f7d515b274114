import { useState } from 'react';
import { Alert, Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParams } from '../../../lib/use-address-params';
import type { QualityIssueCategory } from '@edoc/contract/quality-issue';
import type { TmfGroup } from '@edoc/contract/tmf-health';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useTmfSummary } from '../api';
import { DrillDrawer } from '../components/drill-drawer';
import { ExportMenu } from '../components/export-menu';
import { IndexMenu } from '../components/index-menu';
import { FigureCards } from '../components/figure-cards';
import { GroupTable } from '../components/group-table';
import { MailSwitch } from '../components/mail-switch';
import { ScopeFilters } from '../components/scope-filters';
import { TargetDialog } from '../components/target-dialog';
import { TrendChart } from '../components/trend-chart';
import { readDrill, readView, withParams, type DrillKind, type HealthView } from '../health-address';

/**
 * Issue 27 part 6, /tmf-health: the project's completeness, timeliness and quality over what the reader may see,
 * per group, the 12-week trend, and the list behind every figure. The grouping, the scope and the open list are in
 * the address, so back and a reload show the same.
 */
export function TmfHealthPage() {
  const { t } = useTranslation();
  const { fullAccess, closed } = useSession();
  const [params, setParams] = useAddressParams();
  const view = readView(params);
  const drill = readDrill(params);
  const summary = useTmfSummary(view);
  const title = t('tmfHealth.title');
  const [targetOpen, setTargetOpen] = useState(false);

  const change = (patch: Partial<HealthView>) => setParams((current) => withParams(current, patch));
  const openDrill = (kind: DrillKind, group?: TmfGroup, category?: QualityIssueCategory) =>
    setParams((current) => withParams(current, { drill: kind, key: group?.key, category }));
  const closeDrill = () =>
    setParams((current) => withParams(current, { drill: undefined, key: undefined, category: undefined }));

  const noModel = isApiError(summary.error) && summary.error.errorCode === 'tmf_model_none';
  const data = summary.data;
  const groupLabel = drill?.key ? (data?.groups.find((g) => g.key === drill.key)?.label ?? drill.key) : undefined;

  if (noModel) {
    return (
      <Card title={title} variant="borderless" id="tmf-health-no-model">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={4}>
              <span>{t('tmfHealth.noModel')}</span>
              {fullAccess ? (
                <Link id="tmf-health-choose-model" to={paths.project.manageTmf}>
                  {t('tmfHealth.chooseModel')}
                </Link>
              ) : (
                <span>{t('tmfHealth.askAdmin')}</span>
              )}
            </Flex>
          }
        />
      </Card>
    );
  }

  return (
    <Card
      title={title}
      variant="borderless"
      loading={summary.isPending && !summary.error}
      extra={
        <Flex align="center" gap={16} wrap>
          <MailSwitch groupBy={view.groupBy} />
          <ExportMenu view={view} title={title} disabled={!data} />
          <IndexMenu
            id="tmf-health-index"
            scope={{ countryId: view.countryId, siteId: view.siteId }}
            disabled={!data}
          />
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('tmfHealth.intro')}</Typography.Text>
        <ScopeFilters view={view} onChange={change} />
        {summary.error && <Alert type="error" showIcon title={summary.error.message} />}
        {data && (
          <>
            <FigureCards
              figures={data.total}
              target={data.target}
              onDrill={(kind, category) => openDrill(kind, undefined, category)}
              onSetTarget={fullAccess && !closed ? () => setTargetOpen(true) : undefined}
            />
            <section aria-labelledby="tmf-health-groups-title">
              <Typography.Title level={5} id="tmf-health-groups-title">
                {t('tmfHealth.groupsTitle', { groupBy: t(`tmfHealth.groupBys.${view.groupBy}`) })}
              </Typography.Title>
              <GroupTable
                groups={data.groups}
                loading={summary.isFetching}
                groupTitle={t(`tmfHealth.groupBys.${view.groupBy}`)}
                onDrill={openDrill}
              />
            </section>
            <section aria-labelledby="tmf-health-trend-title">
              <Typography.Title level={5} id="tmf-health-trend-title">
                {t('tmfHealth.trend.title')}
              </Typography.Title>
              <TrendChart trend={data.trend} />
            </section>
            <TargetDialog open={targetOpen} target={data.target} onClose={() => setTargetOpen(false)} />
          </>
        )}
      </Flex>
      <DrillDrawer
        drill={drill}
        view={view}
        groupLabel={groupLabel}
        onCategory={(category) => setParams((current) => withParams(current, { category }))}
        onClose={closeDrill}
      />
    </Card>
  );
}
