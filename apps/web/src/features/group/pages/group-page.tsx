import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupItem } from '@edoc/contract/group';
import { compareText } from '../../../lib/format';
import { useDeleteGroup, useGroups } from '../api';
import { GroupFormModal } from '../components/group-form-modal';

/** SPEC §2 /manage/group: the entered project's user groups, used by folder grants. */
export function GroupPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ open: boolean; group?: GroupItem }>({ open: false });
  const groups = useGroups();
  const deleteGroup = useDeleteGroup();
  // The Popconfirm stays open (loading) until the call ends; a refusal is shown by the query client.
  const remove = (group: GroupItem) =>
    deleteGroup
      .mutateAsync(group.groupId)
      .then(() => void message.success(t('group.deleted', { name: group.name })))
      .catch(() => undefined);

  const columns: TableProps<GroupItem>['columns'] = [
    {
      title: t('group.name'),
      dataIndex: 'name',
      width: 200,
      sorter: (a, b) => compareText(a.name, b.name),
      defaultSortOrder: 'ascend',
    },
    { title: t('group.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('group.members'),
      dataIndex: 'members',
      render: (people: GroupItem['members']) =>
        people.length ? (
          <Flex wrap gap={4}>
            {people.map((p) => (
              <Tag key={p.userId}>{p.userName}</Tag>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
    { title: t('group.grantCount'), dataIndex: 'grantCount', width: 110, align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      render: (_: unknown, group) => (
        <Space size="small">
          <Button
            id={`group-edit-${group.groupId}`}
            type="link"
            size="small"
            onClick={() => setEditing({ open: true, group })}
          >
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('group.deleteConfirm', { name: group.name })}
            // The server removes the group's folder grants with it: say so before, not after.
            description={
              group.grantCount > 0
                ? t('group.deleteConfirmGrants', { count: group.grantCount })
                : t('group.deleteConfirmText')
            }
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(group)}
          >
            <Button id={`group-delete-${group.groupId}`} type="link" size="small" danger>
              {t('group.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('group.title')}
      variant="borderless"
      extra={
        <Button id="group-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {t('group.create')}
        </Button>
      }
    >
      <Table<GroupItem>
        id="group-table"
        rowKey="groupId"
        size="middle"
        loading={groups.isFetching}
        columns={columns}
        dataSource={groups.data ?? []}
        pagination={{ hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('group.empty')} /> }}
      />
      <GroupFormModal open={editing.open} group={editing.group} onClose={() => setEditing({ open: false })} />
    </Card>
  );
}
