import { useEffect, useMemo } from 'react';
import { DatePicker, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '@edoc/contract/folder';
import type { ImportRow } from '@edoc/contract/exchange-import';
import { NAME_MAX } from '@edoc/contract/limits';
import { Dialog } from '../../../components/dialog';
import { FolderSelect } from '../../../components/folder-select';
import { useSession } from '../../../lib/session';
import { countryLabel, useCountries } from '../../country/api';
import { useSites } from '../../site/api';

/** The corrected target as the dialog sends it (contract importTargetInput). */
export interface TargetInput {
  folderId?: number;
  countryId: number | null;
  siteId: number | null;
  documentDate: string | null;
  name: string;
}

interface Values {
  folderId?: number;
  countryId?: number;
  siteId?: number;
  documentDate?: Dayjs | null;
  name: string;
}

/** Where a document may be filed: a folder where the caller may create (the server checks importDoc there too). */
const choosable = (f: FolderNode) => f.canCreateFile;

/**
 * Correct one object's mapping: the artifact's folder of the project's TMF tree (folders are named by the model's
 * number and name), the country and site from the project's lists, the document date and the name. Saving accepts
 * the row (or keeps its "new version" decision) with that target.
 */
export function RowTargetDialog(props: {
  row: ImportRow | null;
  roots: FolderNode[];
  pending: boolean;
  onSave: (row: ImportRow, target: TargetInput) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { fullAccess } = useSession();
  const open = props.row !== null;
  const sites = useSites({ enabled: open });
  // Only a project administrator reads the country list; others get the countries of the sites (as the upload form).
  const countries = useCountries({ enabled: open && fullAccess });
  const countryOptions = useMemo(() => {
    const byId = new Map<number, { code: string; name: string }>();
    for (const c of countries.data ?? []) byId.set(c.id, c);
    for (const s of sites.data ?? [])
      if (s.countryId !== null && s.countryCode && !byId.has(s.countryId))
        byId.set(s.countryId, { code: s.countryCode, name: s.countryCode });
    return [...byId.entries()].map(([value, c]) => ({ value, label: countryLabel(c, i18n.language) }));
  }, [countries.data, sites.data, i18n.language]);

  useEffect(() => {
    if (!props.row) return;
    const target = props.row.target;
    form.setFieldsValue({
      folderId: target.folderId ?? undefined,
      countryId: target.countryId ?? undefined,
      siteId: target.siteId ?? undefined,
      documentDate: target.documentDate ? dayjs(target.documentDate) : null,
      name: target.name,
    });
  }, [props.row, form]);

  const save = (values: Values) => {
    if (!props.row) return;
    props.onSave(props.row, {
      folderId: values.folderId,
      countryId: values.countryId ?? null,
      siteId: values.siteId ?? null,
      documentDate: values.documentDate ? values.documentDate.format('YYYY-MM-DD') : null,
      name: values.name.trim(),
    });
  };

  const row = props.row;
  return (
    <Dialog
      open={open}
      title={row ? t('exchangeImport.edit.title', { objectId: row.objectId }) : null}
      okText={t('exchangeImport.edit.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'exchange-target-ok' }}
      confirmLoading={props.pending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      forceRender
    >
      {row ? (
        <Typography.Paragraph type="secondary" id="exchange-target-source">
          {t('exchangeImport.edit.source', {
            artifact: row.source.artifactNumber,
            level: row.source.level,
          })}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="folderId"
          label={t('exchangeImport.edit.folder')}
          htmlFor="exchange-target-folder"
          rules={[{ required: true, message: t('exchangeImport.edit.folderRequired') }]}
        >
          <FolderSelect id="exchange-target-folder" roots={props.roots} choosable={choosable} />
        </Form.Item>
        <Form.Item name="countryId" label={t('exchangeImport.edit.country')} htmlFor="exchange-target-country">
          <Select<number>
            id="exchange-target-country"
            allowClear
            showSearch
            optionFilterProp="label"
            options={countryOptions}
          />
        </Form.Item>
        <Form.Item name="siteId" label={t('exchangeImport.edit.site')} htmlFor="exchange-target-site">
          <Select<number>
            id="exchange-target-site"
            allowClear
            showSearch
            optionFilterProp="label"
            options={(sites.data ?? []).map((s) => ({ value: s.siteId, label: `${s.code} ${s.name}` }))}
          />
        </Form.Item>
        <Form.Item name="documentDate" label={t('exchangeImport.edit.documentDate')} htmlFor="exchange-target-date">
          <DatePicker id="exchange-target-date" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('exchangeImport.edit.name')}
          htmlFor="exchange-target-name"
          rules={[{ required: true, whitespace: true, message: t('exchangeImport.edit.nameRequired') }]}
        >
          <Input id="exchange-target-name" maxLength={NAME_MAX} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
