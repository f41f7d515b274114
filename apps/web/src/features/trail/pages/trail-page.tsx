import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { TrailItem } from '@edoc/contract/trail-query';
import { TrailType } from '@edoc/contract/enums';
import { describeTrail } from '@edoc/contract/trail-format';
import { formatInstant, timeZoneLabel } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { useListState } from '../../../lib/use-list-state';
import { useAllMembers } from '../../member/api';
import { useExportTrail, useProjectTrail, type TrailFilters } from '../api';
import { TrailChanges } from '../components/trail-changes';

const TYPES = Object.values(TrailType);
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** The operation trajectory (/manage/report): the project's trail, filtered, paged and exported. */
export function TrailPage() {
  const { t } = useTranslation();
  const list = useListState();
  const [filters, setFilters] = useState<TrailFilters>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const members = useAllMembers();
  const rows = useProjectTrail(filters, list.pageNum, list.pageSize);
  const exporting = useExportTrail(filters);
  const lang = currentLang();

  const change = (next: Partial<TrailFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    list.search(''); // back to page 1
  };

  const columns: TableProps<TrailItem>['columns'] = [
    {
      // The reader's zone named in the header, the times in it (the trail stores UTC instants).
      title: (
        <span id="trail-time-zone" title={timeZoneLabel()}>
          {t('audit.at')} ({timeZoneLabel()})
        </span>
      ),
      dataIndex: 'at',
      width: 200,
      render: formatInstant,
    },
    { title: t('audit.actor'), dataIndex: 'actorName', width: 140 },
    {
      title: t('audit.type'),
      dataIndex: 'type',
      width: 150,
      render: (type: number) => <Tag>{t(`audit.types.${type}`, { defaultValue: String(type) })}</Tag>,
    },
    {
      title: t('audit.object'),
      key: 'object',
      width: 160,
      render: (_: unknown, r) => {
        // The id stays beside the name: the document filter and the export name objects by id.
        const { objectLabel, objectName } = describeTrail(r, lang, { instant: formatInstant });
        return (
          <>
            <div>{r.objectId ? `${objectLabel} #${r.objectId}` : objectLabel}</div>
            {objectName ? <Typography.Text type="secondary">«{objectName}»</Typography.Text> : null}
          </>
        );
      },
    },
    { title: t('audit.version'), dataIndex: 'version', width: 90 },
    {
      title: t('audit.changes'),
      key: 'changes',
      render: (_: unknown, r) => <TrailChanges description={describeTrail(r, lang, { instant: formatInstant })} />,
    },
    { title: t('audit.reason'), dataIndex: 'reason', width: 140 },
  ];

  return (
    <Card variant="borderless" title={t('audit.title')}>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select<number>
          id="trail-user"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          placeholder={t('audit.anyUser')}
          aria-label={t('audit.actor')}
          loading={members.isFetching}
          options={(members.data?.data ?? []).map((m) => ({ value: m.userId, label: `${m.userName} (${m.email})` }))}
          onChange={(userId) => change({ userId })}
        />
        <Select<number>
          id="trail-type"
          allowClear
          style={{ width: 180 }}
          placeholder={t('audit.anyType')}
          aria-label={t('audit.type')}
          options={TYPES.map((type) => ({ value: type, label: t(`audit.types.${type}`) }))}
          onChange={(type) => change({ type })}
        />
        <InputNumber<number>
          id="trail-file"
          min={1}
          precision={0}
          style={{ width: 160 }}
          placeholder={t('audit.fileId')}
          aria-label={t('audit.fileId')}
          onChange={(fileId) => change({ fileId: fileId ?? undefined })}
        />
        <DatePicker.RangePicker
          id="trail-dates"
          // An empty start field held the focus, so Tab never left the picker (a keyboard trap, issue 31).
          allowEmpty={[true, true]}
          value={range}
          onChange={(value) => {
            setRange(value);
            change({ startDate: day(value?.[0]), endDate: day(value?.[1]) });
          }}
        />
        <Space style={{ marginLeft: 'auto' }}>
          <Button
            id="trail-export-csv"
            icon={<DownloadOutlined />}
            loading={exporting.isPending && exporting.variables === 'csv'}
            onClick={() => exporting.mutate('csv')}
          >
            CSV
          </Button>
          <Button
            id="trail-export-xlsx"
            icon={<DownloadOutlined />}
            loading={exporting.isPending && exporting.variables === 'xlsx'}
            onClick={() => exporting.mutate('xlsx')}
          >
            Excel
          </Button>
        </Space>
      </Flex>
      <Table<TrailItem>
        id="trail-table"
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        columns={columns}
        dataSource={rows.data?.data ?? []}
        pagination={list.pagination(rows.data?.total, rows.data?.capped)}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.empty')} /> }}
      />
    </Card>
  );
}
