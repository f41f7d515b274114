import { App, Button, Popconfirm, Space, Tag, type TableColumnType } from 'antd';
import type { RawRoute } from '@edoc/contract/route';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download';
import { useExportWorkbook } from '../api';

// What the code dictionary and the code types pages share: a row is a code with a company/project owner, an
// enabled flag, and edit/delete unless it is the company's entry shown read-only inside a project.

interface CatalogRow {
  id: number;
  code: string;
  readOnly: boolean;
  enabled: boolean;
}

/** Deletes a row with the delete hook (which refreshes the lists), says so and lets the page step back. */
export function useCatalogDelete<T>(remove: UseMutationResult<null, Error, T>, onDeleted: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (item: T) =>
    remove.mutateAsync(item, {
      onSuccess: () => {
        void message.success(t('code.deleted'));
        onDeleted();
      },
    });
}

/** Downloads an export workbook under the given name. */
export function useSaveExport() {
  const download = useExportWorkbook();
  return (route: RawRoute, fileName: string) =>
    download.mutate(route, { onSuccess: (blob) => saveBlob(blob, fileName) });
}

/** The code column (with the company-entry tag), the enabled column and the actions column. */
export function useCatalogColumns<T extends CatalogRow>(opts: {
  /** Element ids: `#<idPrefix>-edit-<id>`, `#<idPrefix>-delete-<id>`. */
  idPrefix: string;
  codeWidth: number;
  deleteConfirmKey: string;
  onEdit: (item: T) => void;
  onDelete: (item: T) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const code: TableColumnType<T> = {
    title: t('code.code'),
    dataIndex: 'code',
    width: opts.codeWidth,
    render: (value: string, item) => (
      <Space size={4}>
        {value}
        {item.readOnly && <Tag>{t('code.companyEntry')}</Tag>}
      </Space>
    ),
  };
  const enabled: TableColumnType<T> = {
    title: t('code.enabled'),
    dataIndex: 'enabled',
    width: 90,
    render: (on: boolean) => (on ? <Tag color="green">{t('code.on')}</Tag> : <Tag>{t('code.off')}</Tag>),
  };
  const actions: TableColumnType<T> = {
    title: t('common.actions'),
    key: 'actions',
    width: 160,
    render: (_: unknown, item) =>
      item.readOnly ? null : (
        <Space size="small">
          <Button id={`${opts.idPrefix}-edit-${item.id}`} type="link" size="small" onClick={() => opts.onEdit(item)}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t(opts.deleteConfirmKey, { code: item.code })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => opts.onDelete(item).catch(() => undefined)}
          >
            <Button id={`${opts.idPrefix}-delete-${item.id}`} type="link" size="small" danger>
              {t('code.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
  };
  return { code, enabled, actions };
}
