import { useEffect, useMemo } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BulkRow, BulkTargetInput } from '@edoc/contract/bulk-import';
import type { ExportOptions } from '@edoc/contract/exchange';
import { NAME_MAX } from '@edoc/contract/limits';
import { Dialog } from '../../../components/dialog';

interface Values {
  artifactId?: number;
  level: 'trial' | 'country' | 'site';
  countryId?: number;
  siteId?: number;
  documentDate?: Dayjs | null;
  name: string;
  version?: string;
}

const LEVELS = ['trial', 'country', 'site'] as const;

/** An artifact as the select lists it: number and the name in the reader's language. */
export const artifactLabel = (a: { number: string; nameEn: string; nameZh: string | null }, lang: string) =>
  `${a.number} ${lang === 'zh-CN' ? (a.nameZh ?? a.nameEn) : a.nameEn}`;

/**
 * Correct one file's values: the artifact (its top-3 suggestions first, then every artifact of the model, searched
 * by number or name), level, country, site, document date, name and version. Saving accepts the row with them.
 */
export function RowEditDialog(props: {
  row: BulkRow | null;
  options: ExportOptions | undefined;
  pending: boolean;
  onSave: (row: BulkRow, target: BulkTargetInput) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const row = props.row;
  const artifacts = props.options?.artifacts;

  const artifactOptions = useMemo(() => {
    const all = artifacts ?? [];
    const byId = new Map(all.map((a) => [a.id, a]));
    const suggested = (row?.suggestions.artifacts ?? []).flatMap((s) => {
      const a = byId.get(s.value);
      return a
        ? [{ value: a.id, label: `${artifactLabel(a, i18n.language)} (${Math.round(s.confidence * 100)}%)` }]
        : [];
    });
    const shown = new Set(suggested.map((o) => o.value));
    return [
      { label: t('bulkImport.edit.artifactSuggested'), title: 'suggested', options: suggested },
      {
        label: t('bulkImport.edit.artifactAll'),
        title: 'all',
        options: all
          .filter((a) => !shown.has(a.id))
          .map((a) => ({ value: a.id, label: artifactLabel(a, i18n.language) })),
      },
    ];
  }, [artifacts, row, i18n.language, t]);

  useEffect(() => {
    if (!row) return;
    const target = row.target;
    form.setFieldsValue({
      artifactId: target.artifactId ?? undefined,
      level: target.level,
      countryId: target.countryId ?? undefined,
      siteId: target.siteId ?? undefined,
      documentDate: target.documentDate ? dayjs(target.documentDate) : null,
      name: target.name,
      version: target.version ?? undefined,
    });
  }, [row, form]);

  const save = (values: Values) => {
    if (!row) return;
    props.onSave(row, {
      artifactId: values.artifactId,
      level: values.level,
      countryId: values.countryId ?? null,
      siteId: values.siteId ?? null,
      documentDate: values.documentDate ? values.documentDate.format('YYYY-MM-DD') : null,
      name: values.name.trim(),
      version: values.version?.trim() || null,
    });
  };

  return (
    <Dialog
      open={row !== null}
      title={row ? t('bulkImport.edit.title', { path: row.path }) : null}
      okText={t('bulkImport.edit.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'bulk-edit-ok' }}
      confirmLoading={props.pending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="artifactId"
          label={t('bulkImport.edit.artifact')}
          htmlFor="bulk-edit-artifact"
          rules={[{ required: true, message: t('bulkImport.edit.artifactRequired') }]}
        >
          <Select<number>
            id="bulk-edit-artifact"
            showSearch
            optionFilterProp="label"
            placeholder={t('bulkImport.edit.artifactPlaceholder')}
            options={artifactOptions}
          />
        </Form.Item>
        <Form.Item name="level" label={t('bulkImport.edit.level')} htmlFor="bulk-edit-level">
          <Select id="bulk-edit-level" options={LEVELS.map((l) => ({ value: l, label: t(`bulkImport.level.${l}`) }))} />
        </Form.Item>
        <Form.Item name="countryId" label={t('bulkImport.edit.country')} htmlFor="bulk-edit-country">
          <Select<number>
            id="bulk-edit-country"
            allowClear
            showSearch
            optionFilterProp="label"
            options={(props.options?.countries ?? []).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
          />
        </Form.Item>
        <Form.Item name="siteId" label={t('bulkImport.edit.site')} htmlFor="bulk-edit-site">
          <Select<number>
            id="bulk-edit-site"
            allowClear
            showSearch
            optionFilterProp="label"
            options={(props.options?.sites ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
          />
        </Form.Item>
        <Form.Item name="documentDate" label={t('bulkImport.edit.documentDate')} htmlFor="bulk-edit-date">
          <DatePicker id="bulk-edit-date" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('bulkImport.edit.name')}
          htmlFor="bulk-edit-name"
          rules={[{ required: true, whitespace: true, message: t('bulkImport.edit.nameRequired') }]}
        >
          <Input id="bulk-edit-name" maxLength={NAME_MAX} />
        </Form.Item>
        <Form.Item name="version" label={t('bulkImport.edit.version')} htmlFor="bulk-edit-version">
          <Input id="bulk-edit-version" maxLength={50} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
