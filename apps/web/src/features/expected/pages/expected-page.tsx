import { useState } from 'react';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParams } from '../../../lib/use-address-params';
import { EXPECTED_LIST_STATES, type ExpectedItem, type ExpectedListQuery } from '@edoc/contract/expected';
import { TMF_LEVELS } from '@edoc/contract/tmf-model';
import { paths } from '../../../config/paths';
import { getSessionValue } from '../../../lib/session';
import { IndexMenu } from '../../tmf-health/components/index-menu';
import { useTmfSetup } from '../../tmf-project/api';
import { useExpectedList, useGenerateExpected } from '../api';
import { AddExpectedDialog } from '../components/add-expected-dialog';
import { ExpectedFilters, type ExpectedFilterValues } from '../components/expected-filters';
import { ExpectedTable } from '../components/expected-table';
import { NotApplicableDialog } from '../components/not-applicable-dialog';

const oneOf = <T extends string>(list: readonly T[], raw: string | null): T | undefined =>
  list.includes(raw as T) ? (raw as T) : undefined;
const positive = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? raw : undefined);

/**
 * Issue 27 part 4, /manage/expected: the documents the project's TMF should hold, from its model's rules, with what
 * fulfils each and what is late. Filters, order and page are in the address, so back and a shared link keep them.
 */
export function ExpectedPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [params, setParams] = useAddressParams();
  const [naItem, setNaItem] = useState<ExpectedItem | null>(null);
  const [adding, setAdding] = useState(false);
  const setup = useTmfSetup();
  const generate = useGenerateExpected();

  const filters: ExpectedFilterValues = {
    state: oneOf(EXPECTED_LIST_STATES, params.get('state')),
    level: oneOf(TMF_LEVELS, params.get('level')),
    countryId: positive(params.get('countryId')),
    siteId: positive(params.get('siteId')),
    q: params.get('q')?.trim() || undefined,
  };
  const sort = oneOf(['due', 'artifact'] as const, params.get('sort')) ?? 'due';
  const order = oneOf(['asc', 'desc'] as const, params.get('order')) ?? 'asc';
  const page = Number(positive(params.get('page')) ?? 1);
  const pageSize = Math.min(100, Number(positive(params.get('size')) ?? getSessionValue('pageSize')));
  const query: Partial<ExpectedListQuery> = {
    ...filters,
    countryId: filters.countryId ? Number(filters.countryId) : undefined,
    siteId: filters.siteId ? Number(filters.siteId) : undefined,
    sort,
    order,
    page,
    pageSize,
  };
  const hasModel = setup.data?.model != null;
  const list = useExpectedList(query, hasModel);

  // A new filter or order starts again at page 1; each change is a history entry, so back undoes it.
  const change = (next: Record<string, string | undefined>) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === '') copy.delete(key);
        else copy.set(key, value);
      }
      if (!('page' in next)) copy.delete('page');
      return copy;
    });

  const refresh = () =>
    void modal.confirm({
      title: t('expected.refreshConfirm'),
      content: t('expected.refreshConfirmText'),
      okText: t('expected.refresh'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: 'expected-refresh-ok' },
      onOk: () =>
        generate
          .mutateAsync()
          .then((r) => void message.success(t('expected.refreshed', r)))
          .catch(() => undefined),
    });

  const counts = list.data?.counts;
  const none = counts !== undefined && counts.expected + counts.filed + counts.notApplicable === 0;
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const refreshButton = (id: string) => (
    <Button id={id} icon={<SyncOutlined />} loading={generate.isPending} onClick={refresh}>
      {t('expected.refresh')}
    </Button>
  );
  const empty =
    none && !filtered ? (
      <div id="expected-none">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('expected.noneYet')}>
          {refreshButton('expected-refresh-empty')}
        </Empty>
      </div>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('expected.noMatch')} />
    );

  if (setup.data && !hasModel) {
    return (
      <Card title={t('menu.project.manageExpected')} variant="borderless" id="expected-no-model">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Space orientation="vertical" size={4}>
              <Typography.Text strong>{t('expected.noModel')}</Typography.Text>
              <Link id="expected-choose-model" to={paths.project.manageTmf}>
                {t('expected.chooseModel')}
              </Link>
            </Space>
          }
        />
      </Card>
    );
  }

  return (
    <Card title={t('menu.project.manageExpected')} variant="borderless" loading={setup.isPending}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" gap="middle" wrap>
          <Typography.Text type="secondary">{t('expected.intro')}</Typography.Text>
          <Space wrap>
            {refreshButton('expected-refresh')}
            <IndexMenu id="expected-index" scope={{ countryId: query.countryId, siteId: query.siteId }} />
            <Button id="expected-add" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('expected.add')}
            </Button>
          </Space>
        </Flex>
        <ExpectedFilters values={filters} counts={counts} onChange={change} />
        <ExpectedTable
          items={list.data?.items ?? []}
          loading={list.isFetching}
          sort={{ sort, order }}
          onSort={(s, o) => change({ sort: s === 'due' ? undefined : s, order: o === 'asc' ? undefined : o })}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: false,
            showTotal: (total) => t('common.total', { total }),
            onChange: (p, size) =>
              change(
                size === pageSize ? { page: p > 1 ? String(p) : undefined } : { size: String(size), page: undefined },
              ),
          }}
          onNotApplicable={setNaItem}
          empty={empty}
        />
      </Flex>
      <NotApplicableDialog item={naItem} onClose={() => setNaItem(null)} />
      <AddExpectedDialog open={adding} artifacts={setup.data?.artifacts ?? []} onClose={() => setAdding(false)} />
    </Card>
  );
}
