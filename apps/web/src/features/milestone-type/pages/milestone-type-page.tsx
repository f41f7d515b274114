import { useMemo, useState } from 'react';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { milestoneTypeName, type MilestoneTypeItem } from '@edoc/contract/milestone';
import { useDeleteMilestoneType, useMilestoneTypeList } from '../api';
import { MilestoneTypeDialog } from '../components/milestone-type-dialog';

/** A new type's proposed position: after the last listed one, with room to put one between. */
const POSITION_STEP = 10;

/**
 * Issue 27 part 3: the milestone types the company's projects date, the shipped ones (read only) and the company's
 * own, by position as every project lists them; the own ones are created, changed and deleted here.
 */
export function MilestoneTypePage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useMilestoneTypeList();
  const remover = useDeleteMilestoneType();
  /** The dialog: closed, a new type (null), or one of the company's own. */
  const [editing, setEditing] = useState<MilestoneTypeItem | null | undefined>(undefined);
  const lang = i18n.language;
  const other = lang === 'en-US' ? 'zh-CN' : 'en-US';

  const types = useMemo(
    () => [...(list.data ?? [])].sort((a, b) => a.position - b.position || a.id - b.id),
    [list.data],
  );
  const nextPosition = Math.min(10_000, (types.at(-1)?.position ?? 0) + POSITION_STEP);
  const ownCount = types.filter((type) => type.company).length;

  const remove = (type: MilestoneTypeItem) =>
    void modal.confirm({
      title: t('milestoneType.deleteConfirm', { name: milestoneTypeName(type, lang) }),
      content: t('milestoneType.deleteConfirmText'),
      okText: t('milestoneType.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `milestone-type-delete-ok-${type.id}`, danger: true },
      // The dialog stays busy until the server answers; a refusal (a project dated it) is shown by the query client.
      onOk: () =>
        remover
          .mutateAsync(type)
          .then(() => void message.success(t('milestoneType.deleted')))
          .catch(() => undefined),
    });

  const columns: TableProps<MilestoneTypeItem>['columns'] = [
    { title: t('milestoneType.position'), dataIndex: 'position', width: 90, align: 'right' },
    {
      title: t('milestoneType.code'),
      dataIndex: 'code',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      title: t('milestoneType.name'),
      key: 'name',
      render: (_: unknown, type) => milestoneTypeName(type, lang),
    },
    {
      title: t(`milestoneType.nameIn.${other}`),
      key: 'otherName',
      render: (_: unknown, type) => (
        <Typography.Text type="secondary" lang={other}>
          {milestoneTypeName(type, other)}
        </Typography.Text>
      ),
    },
    {
      title: t('milestoneType.level'),
      dataIndex: 'level',
      width: 110,
      render: (level: MilestoneTypeItem['level']) => t(`milestoneType.levels.${level}`),
    },
    {
      title: t('milestoneType.source'),
      key: 'source',
      width: 110,
      render: (_: unknown, type) =>
        type.company ? (
          <Tag id={`milestone-type-source-${type.id}`}>{t('milestoneType.own')}</Tag>
        ) : (
          <Tag id={`milestone-type-source-${type.id}`} color="blue">
            {t('milestoneType.shipped')}
          </Tag>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, type) =>
        type.company ? (
          <Space size={0}>
            <Button
              id={`milestone-type-edit-${type.id}`}
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('milestoneType.editOf', { name: milestoneTypeName(type, lang) })}
              title={t('milestoneType.edit')}
              onClick={() => setEditing(type)}
            />
            <Button
              id={`milestone-type-delete-${type.id}`}
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('milestoneType.deleteOf', { name: milestoneTypeName(type, lang) })}
              title={t('milestoneType.delete')}
              onClick={() => remove(type)}
            />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('milestoneType.readOnly')}</Typography.Text>
        ),
    },
  ];

  return (
    <Card
      title={t('menu.company.templateMilestoneType')}
      variant="borderless"
      extra={
        <Button id="milestone-type-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('milestoneType.create')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('milestoneType.intro')}
        </Typography.Paragraph>
        {list.isSuccess && ownCount === 0 && (
          <Alert id="milestone-type-none-own" type="info" showIcon title={t('milestoneType.noneOwn')} />
        )}
        <Table<MilestoneTypeItem>
          id="milestone-type-table"
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={types}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('milestoneType.empty')} /> }}
        />
      </Space>
      <MilestoneTypeDialog
        open={editing !== undefined}
        type={editing ?? undefined}
        nextPosition={nextPosition}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}
