import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Input, Popconfirm, Select, Space, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateItem } from '@edoc/contract/template';
import { templateRoutes } from '@edoc/contract/template-routes';
import { ExcelImport } from '../../../components/excel-import';
import { saveBlob } from '../../../lib/download';
import { fieldMessage } from '../../../lib/form-rules';
import { formatDateTime } from '../../../lib/format';
import { useDeleteTemplate, useExportTemplate, useInvalidateTemplates, useTemplates } from '../api';
import { TemplateFormModal } from '../components/template-form-modal';

interface TemplateListPageProps {
  /** [1] user-group templates, [2, 3, 4] directory templates (SPEC §3). */
  types: number[];
  titleKey: string;
}

/** SPEC §2 /company/template/usergroup and /directory: the shipped templates (read-only) and the company's own. */
export function TemplateListPage({ types, titleKey }: TemplateListPageProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const typeParam = types.join(',');
  const [editing, setEditing] = useState<{ open: boolean; template?: TemplateItem }>({ open: false });
  const [importName, setImportName] = useState('');
  const [importType, setImportType] = useState(types[0]);
  const list = useTemplates(typeParam);
  const invalidate = useInvalidateTemplates();
  const remove = useDeleteTemplate();
  const exportTemplate = useExportTemplate();
  const download = (template: TemplateItem) =>
    exportTemplate.mutate(template, { onSuccess: (blob) => saveBlob(blob, `${template.name}.xlsx`) });

  const columns: TableProps<TemplateItem>['columns'] = [
    {
      title: t('template.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, tpl) => (
        <Space size={4}>
          {name}
          {tpl.shipped && <Tag color="blue">{t('template.shipped')}</Tag>}
        </Space>
      ),
    },
    ...(types.length > 1
      ? [
          {
            title: t('template.type'),
            dataIndex: 'type',
            width: 200,
            render: (ty: number) => t(`template.types.${ty}`),
          },
        ]
      : []),
    ...(types.some((ty) => ty !== 1)
      ? [{ title: t('template.folderCount'), dataIndex: 'folderCount', width: 100 }]
      : []),
    ...(types.some((ty) => ty !== 2) ? [{ title: t('template.groupCount'), dataIndex: 'groupCount', width: 100 }] : []),
    { title: t('template.updatedAt'), dataIndex: 'updatedAt', width: 170, render: formatDateTime },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 230,
      render: (_: unknown, tpl) => (
        <Space size="small">
          <Button
            id={`template-edit-${tpl.id}`}
            type="link"
            size="small"
            onClick={() => setEditing({ open: true, template: tpl })}
          >
            {tpl.shipped ? t('template.view') : t('common.edit')}
          </Button>
          <Button id={`template-export-${tpl.id}`} type="link" size="small" onClick={() => download(tpl)}>
            {t('template.export')}
          </Button>
          {!tpl.shipped && (
            <Popconfirm
              title={t('template.deleteConfirm', { name: tpl.name })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                remove
                  .mutateAsync(tpl, { onSuccess: () => void message.success(t('template.deleted')) })
                  .catch(() => undefined)
              }
            >
              <Button id={`template-delete-${tpl.id}`} type="link" size="small" danger>
                {t('template.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t(titleKey)}
      variant="borderless"
      extra={
        <Space>
          <ExcelImport
            id="template-import"
            title={t('template.importTitle')}
            importRoute={templateRoutes.import}
            sampleRoute={templateRoutes.importSample}
            sampleFileName={`${t('template.sampleFile')}-${importType}.xlsx`}
            query={{ type: importType, name: importName.trim() || undefined }}
            validate={() => (importName.trim() ? null : fieldMessage('required', 'name'))}
            onImported={() => {
              setImportName('');
              void invalidate();
            }}
          >
            <Input
              id="template-import-name"
              placeholder={t('template.name')}
              aria-label={t('template.name')}
              value={importName}
              maxLength={128}
              onChange={(e) => setImportName(e.target.value)}
            />
            {types.length > 1 && (
              <Select<number>
                id="template-import-type"
                style={{ width: '100%' }}
                value={importType}
                onChange={setImportType}
                options={types.map((ty) => ({ value: ty, label: t(`template.types.${ty}`) }))}
              />
            )}
          </ExcelImport>
          <Button
            id="template-create"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true })}
          >
            {t('template.create')}
          </Button>
        </Space>
      }
    >
      <Table<TemplateItem>
        id="template-table"
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('template.empty')} /> }}
      />
      <TemplateFormModal
        open={editing.open}
        types={types}
        template={editing.template}
        onClose={() => setEditing({ open: false })}
      />
    </Card>
  );
}

export const UserGroupTemplatePage = () => <TemplateListPage types={[1]} titleKey="menu.company.templateUserGroup" />;
export const DirectoryTemplatePage = () => (
  <TemplateListPage types={[2, 3, 4]} titleKey="menu.company.templateDirectory" />
);
