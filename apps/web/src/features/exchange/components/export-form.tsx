import { App, Button, Checkbox, DatePicker, Form, Radio, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EXPORT_KINDS, EXPORT_LEVELS, type ExportKind, type ExportOptions } from '@edoc/contract/exchange';
import { showServerError } from '../../../lib/form-errors';
import { useStartExport } from '../api';

const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9];

interface ExportValues {
  kind: ExportKind;
  artifactIds?: number[];
  levels?: Array<(typeof EXPORT_LEVELS)[number]>;
  countryIds?: number[];
  siteIds?: number[];
  statuses?: number[];
  milestoneId?: number | null;
  dates?: [Dayjs | null, Dayjs | null] | null;
  allVersions: boolean;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
const some = <T,>(list: T[] | undefined) => (list && list.length > 0 ? list : undefined);

/**
 * The selection and kind of an export (issue 28 part 1). Every filter left empty takes all; the server keeps to what
 * the member may view and download whatever is chosen here.
 */
export function ExportForm({ options }: { options: ExportOptions }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ExportValues>();
  const start = useStartExport({ silentError: true });
  const zh = i18n.language === 'zh-CN';

  const submit = (v: ExportValues) =>
    start.mutate(
      {
        kind: v.kind,
        artifactIds: some(v.artifactIds),
        levels: some(v.levels),
        countryIds: some(v.countryIds),
        siteIds: some(v.siteIds),
        statuses: some(v.statuses),
        milestoneId: v.milestoneId ?? undefined,
        documentDateFrom: day(v.dates?.[0]),
        documentDateTo: day(v.dates?.[1]),
        allVersions: v.allVersions,
      },
      {
        onSuccess: (created) => void message.success(t('exchangeExport.started', { count: created.documentCount })),
        onError: (error) => showServerError(form, error, {}),
      },
    );

  return (
    <Form<ExportValues>
      form={form}
      name="exportForm"
      layout="vertical"
      initialValues={{ kind: 'ems', allVersions: true }}
      // Each control gets its id from the form (exportForm_<field>), which its label points to.
      onFinish={submit}
      style={{ maxWidth: 720 }}
    >
      <Form.Item name="kind" label={t('exchangeExport.kind')}>
        <Radio.Group>
          <Space direction="vertical">
            {EXPORT_KINDS.map((k) => (
              <Radio key={k} value={k}>
                <Typography.Text strong>{t(`exchangeExport.kinds.${k}`)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t(`exchangeExport.kindHints.${k}`)}</Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="artifactIds" label={t('exchangeExport.artifacts')} extra={t('exchangeExport.allWhenEmpty')}>
        <Select<number[]>
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('exchangeExport.allArtifacts')}
          options={options.artifacts.map((a) => ({
            value: a.id,
            label: `${a.number} ${(zh && a.nameZh) || a.nameEn}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="levels" label={t('exchangeExport.levels')}>
        <Checkbox.Group
          options={EXPORT_LEVELS.map((l) => ({ value: l, label: t(`exchangeExport.levelNames.${l}`) }))}
        />
      </Form.Item>
      <Form.Item name="countryIds" label={t('exchangeExport.countries')}>
        <Select<number[]>
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('exchangeExport.allCountries')}
          options={options.countries.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
        />
      </Form.Item>
      <Form.Item name="siteIds" label={t('exchangeExport.sites')}>
        <Select<number[]>
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('exchangeExport.allSites')}
          options={options.sites.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
        />
      </Form.Item>
      <Form.Item name="milestoneId" label={t('exchangeExport.milestone')} extra={t('exchangeExport.milestoneHint')}>
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('exchangeExport.anyMilestone')}
          options={options.milestones.map((m) => ({
            value: m.id,
            label: [zh ? m.nameZh : m.nameEn, m.place].filter(Boolean).join(' · '),
          }))}
        />
      </Form.Item>
      <Form.Item name="statuses" label={t('exchangeExport.statuses')}>
        <Select<number[]>
          mode="multiple"
          allowClear
          placeholder={t('exchangeExport.allStatuses')}
          options={STATUSES.map((s) => ({ value: s, label: t(`document.status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="dates" label={t('exchangeExport.documentDate')}>
        <DatePicker.RangePicker
          // Either end may stay open (documents dated since …), and Tab leaves an empty start field.
          allowEmpty={[true, true]}
          placeholder={[t('exchangeExport.dateFrom'), t('exchangeExport.dateTo')]}
        />
      </Form.Item>
      <Form.Item name="allVersions" label={t('exchangeExport.versions')}>
        <Radio.Group
          options={[
            { value: true, label: t('exchangeExport.allVersions') },
            { value: false, label: t('exchangeExport.currentOnly') },
          ]}
        />
      </Form.Item>
      <Button id="export-start" type="primary" htmlType="submit" loading={start.isPending}>
        {t('exchangeExport.start')}
      </Button>
    </Form>
  );
}
