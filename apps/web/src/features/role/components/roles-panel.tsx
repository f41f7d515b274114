import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Popconfirm, Space, Table, Tag, Tooltip, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleNameIn, type RoleItem } from '@edoc/contract/role';
import { useDeleteRole, useRoles } from '../api';
import { RoleFormModal } from './role-form-modal';

/** Authorization Configuration: the entered project's roles and their keys (a tab of /manage/user). */
export function RolesPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ open: boolean; role?: RoleItem }>({ open: false });
  const roles = useRoles();
  const deleteRole = useDeleteRole();
  // The Popconfirm stays open (loading) until the call ends; a refusal is shown by the query client.
  const remove = (role: RoleItem) =>
    deleteRole
      .mutateAsync(role.roleId)
      .then(() => void message.success(t('role.deleted', { name: role.name })))
      .catch(() => undefined);

  const keyTags = (keys: string[], prefix: 'docKey' | 'libraryKey') =>
    keys.length ? (
      <Flex wrap gap={4}>
        {keys.map((k) => (
          <Tag key={k}>{t(`role.${prefix}.${k}`)}</Tag>
        ))}
      </Flex>
    ) : (
      '—'
    );

  const columns: TableProps<RoleItem>['columns'] = [
    {
      title: t('role.code'),
      dataIndex: 'code',
      width: 160,
      render: (code: string, role) => (
        <Space size={4}>
          {code}
          {role.builtin && <Tag color="blue">{t('role.builtin')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('role.name'),
      dataIndex: 'name',
      width: 160,
      render: (name: string, role) => roleNameIn(i18n.language, role.code, name),
    },
    { title: t('role.description'), dataIndex: 'description', ellipsis: true },
    { title: t('role.docKeys'), dataIndex: 'docKeys', render: (keys: string[]) => keyTags(keys, 'docKey') },
    {
      title: t('role.libraryKeys'),
      dataIndex: 'libraryKeys',
      render: (keys: string[]) => keyTags(keys, 'libraryKey'),
    },
    { title: t('role.memberCount'), dataIndex: 'memberCount', width: 90, align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, role) => (
        <Space size="small">
          <Button
            id={`role-edit-${role.roleId}`}
            type="link"
            size="small"
            onClick={() => setEditing({ open: true, role })}
          >
            {t('common.edit')}
          </Button>
          {role.builtin ? (
            <Tooltip title={t('role.builtinNoDelete')}>
              <Button id={`role-delete-${role.roleId}`} type="link" size="small" danger disabled>
                {t('role.delete')}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('role.deleteConfirm', { name: role.name })}
              description={t('role.deleteConfirmText')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => remove(role)}
            >
              <Button id={`role-delete-${role.roleId}`} type="link" size="small" danger>
                {t('role.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <Button id="role-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {t('role.create')}
        </Button>
      </Flex>
      <Table<RoleItem>
        id="role-table"
        rowKey="roleId"
        size="middle"
        loading={roles.isFetching}
        columns={columns}
        dataSource={roles.data ?? []}
        pagination={{ hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.empty')} /> }}
      />
      <RoleFormModal open={editing.open} role={editing.role} onClose={() => setEditing({ open: false })} />
    </>
  );
}
