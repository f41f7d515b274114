import { useState } from 'react';
import { EllipsisOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Space, Table, Tag, Typography, type MenuProps, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { tmfModelLabel, type TmfModelItem } from '@edoc/contract/tmf-model';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { ExcelImport } from '../../../components/excel-import';
import { MenuButton } from '../../../components/menu-button';
import { fieldMessage } from '../../../lib/form-rules';
import { compareText, formatDateTime } from '../../../lib/format';
import { useInvalidateTmfModels, useSaveTmfModel, useTmfModels } from '../api';
import { ModelNameDialog } from '../components/model-name-dialog';
import { showModelFormError } from '../components/model-form-errors';
import { StateTag } from '../components/state-tag';
import { isDeletable, isEditable, modelPath, useModelActions } from '../components/use-model-actions';

/** Issue 27: the company's TMF models and the shipped ones, each version a row; import, create, and per-row actions. */
export function TmfModelListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useTmfModels();
  const invalidate = useInvalidateTmfModels();
  const actions = useModelActions();
  const create = useSaveTmfModel({ silentError: true });
  const [creating, setCreating] = useState(false);
  /** The import's name and source, typed in its dialog. */
  const [importing, setImporting] = useState({ name: '', source: '' });

  const rowMenu = (model: TmfModelItem): MenuProps => {
    const id = (action: string) => `tmf-model-${action}-${model.id}`;
    const items: MenuProps['items'] = [
      { key: 'export', label: <span id={id('export')}>{t('tmfModel.export')}</span> },
      ...(model.state === 'published'
        ? [{ key: 'newVersion', label: <span id={id('new-version')}>{t('tmfModel.newVersion')}</span> }]
        : []),
      ...(isEditable(model)
        ? [{ key: 'publish', label: <span id={id('publish')}>{t('tmfModel.publish')}</span> }]
        : []),
      ...(isDeletable(model)
        ? [{ key: 'delete', danger: true, label: <span id={id('delete')}>{t('tmfModel.delete')}</span> }]
        : []),
    ];
    return {
      items,
      onClick: ({ key }) => {
        if (key === 'export') actions.exportModel(model);
        else if (key === 'newVersion') actions.newVersion(model);
        else if (key === 'publish') actions.publish(model);
        else if (key === 'delete') actions.remove(model);
      },
    };
  };

  const columns: TableProps<TmfModelItem>['columns'] = [
    {
      title: t('tmfModel.name'),
      key: 'name',
      sorter: (a, b) => compareText(a.name, b.name) || a.version - b.version,
      render: (_: unknown, model) => (
        <Space size={4} wrap>
          <Link id={`tmf-model-open-${model.id}`} to={modelPath(model.id)}>
            {tmfModelLabel(model)}
          </Link>
          {model.shipped && <Tag color="blue">{t('tmfModel.shipped')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('tmfModel.state'),
      dataIndex: 'state',
      width: 100,
      sorter: (a, b) => compareText(a.state, b.state),
      render: (_: unknown, model) => <StateTag state={model.state} id={`tmf-model-state-${model.id}`} />,
    },
    {
      title: t('tmfModel.source'),
      dataIndex: 'source',
      ellipsis: true,
      render: (source: string | null) =>
        source || <Typography.Text type="secondary">{t('tmfModel.none')}</Typography.Text>,
    },
    { title: t('tmfModel.zones'), dataIndex: 'zoneCount', width: 80, align: 'right' },
    { title: t('tmfModel.sections'), dataIndex: 'sectionCount', width: 100, align: 'right' },
    {
      title: t('tmfModel.artifacts'),
      dataIndex: 'artifactCount',
      width: 110,
      align: 'right',
      sorter: (a, b) => a.artifactCount - b.artifactCount,
    },
    {
      title: t('tmfModel.projects'),
      dataIndex: 'projectCount',
      width: 110,
      align: 'right',
      sorter: (a, b) => a.projectCount - b.projectCount,
    },
    {
      title: t('tmfModel.updatedAt'),
      dataIndex: 'updatedAt',
      width: 150,
      sorter: (a, b) => compareText(a.updatedAt, b.updatedAt),
      render: formatDateTime,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, model) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={t('tmfModel.openModel', { name: tmfModelLabel(model) })}
            onClick={() => void navigate(modelPath(model.id))}
          >
            {t('tmfModel.open')}
          </Button>
          <MenuButton menu={rowMenu(model)}>
            <Button
              id={`tmf-model-menu-${model.id}`}
              type="link"
              size="small"
              icon={<EllipsisOutlined />}
              aria-label={t('tmfModel.moreActions', { name: tmfModelLabel(model) })}
              title={t('tmfModel.more')}
            />
          </MenuButton>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu.company.templateTmf')}
      variant="borderless"
      extra={
        <Space>
          <ExcelImport
            id="tmf-model-import"
            title={t('tmfModel.importTitle')}
            importRoute={tmfModelRoutes.import}
            sampleRoute={tmfModelRoutes.importSample}
            sampleFileName={`${t('tmfModel.sampleFile')}.xlsx`}
            query={{ name: importing.name.trim() || undefined, source: importing.source.trim() || undefined }}
            validate={() => (importing.name.trim() ? null : fieldMessage('required', 'name'))}
            onImported={() => {
              setImporting({ name: '', source: '' });
              void invalidate();
            }}
          >
            <label htmlFor="tmf-model-import-name">{t('tmfModel.importName')}</label>
            <Input
              id="tmf-model-import-name"
              value={importing.name}
              maxLength={128}
              onChange={(e) => setImporting({ ...importing, name: e.target.value })}
            />
            <label htmlFor="tmf-model-import-source">{t('tmfModel.importSource')}</label>
            <Input
              id="tmf-model-import-source"
              value={importing.source}
              maxLength={256}
              onChange={(e) => setImporting({ ...importing, source: e.target.value })}
            />
            <Typography.Text type="secondary">{t('tmfModel.importHint')}</Typography.Text>
          </ExcelImport>
          <Button id="tmf-model-create" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('tmfModel.create')}
          </Button>
        </Space>
      }
    >
      <Table<TmfModelItem>
        id="tmf-model-table"
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tmfModel.empty')} /> }}
      />
      <ModelNameDialog
        open={creating}
        id="tmf-model-create-dialog"
        title={t('tmfModel.createTitle')}
        saving={create.isPending}
        onClose={() => setCreating(false)}
        onSubmit={(values, form) =>
          create.mutate(
            { body: { ...values, zones: [] } },
            {
              onSuccess: ({ id }) => {
                setCreating(false);
                void navigate(modelPath(id));
              },
              onError: (error) => showModelFormError(form, error),
            },
          )
        }
      />
    </Card>
  );
}
