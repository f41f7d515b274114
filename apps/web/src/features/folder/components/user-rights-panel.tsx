import { useState } from 'react';
import { Empty, Flex, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserFolderRights } from '@edoc/contract/folder';
import { FolderType } from '@edoc/contract/permissions';
import { useGrantSubjects, useUserRights } from '../api';

type FolderRight = UserFolderRights['folders'][number];

/** SPEC §6 "view file permission by user": one member's effective rights on every folder. */
export function UserRightsPanel() {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<number | undefined>();
  const subjects = useGrantSubjects();
  const rights = useUserRights(userId);

  return (
    <Flex vertical gap={12}>
      <Select<number>
        id="folder-rights-user"
        showSearch
        optionFilterProp="label"
        style={{ maxWidth: 360 }}
        placeholder={t('folder.pickUser')}
        aria-label={t('folder.pickUser')}
        value={userId}
        onChange={setUserId}
        loading={subjects.isFetching}
        options={(subjects.data?.members ?? []).map((m) => ({
          value: m.userId,
          label: `${m.userName} (${m.email})`,
        }))}
      />
      {userId === undefined ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('folder.pickUserFirst')} />
      ) : (
        <Table<FolderRight>
          id="folder-rights-table"
          rowKey="folderId"
          size="small"
          loading={rights.isFetching}
          dataSource={rights.data?.folders ?? []}
          pagination={{
            hideOnSinglePage: true,
            defaultPageSize: 50,
            showTotal: (total) => t('common.total', { total }),
          }}
          columns={[
            {
              title: t('folder.name'),
              key: 'path',
              render: (_: unknown, f) => (
                <span style={{ opacity: f.isEnabled ? 1 : 0.5 }}>
                  {f.type === FolderType.Library ? <Tag>{t('folder.library')}</Tag> : null}
                  {f.path.join(' / ')}
                </span>
              ),
            },
            {
              title: t('folder.enabled'),
              dataIndex: 'isEnabled',
              render: (on: boolean) => (on ? <Tag color="green">{t('folder.yes')}</Tag> : <Tag>{t('folder.no')}</Tag>),
            },
            {
              title: t('folder.docKeys'),
              dataIndex: 'docKeys',
              render: (keys: string[]) => keys.map((k) => <Tag key={k}>{t(`folder.keys.${k}`)}</Tag>),
            },
            {
              title: t('folder.libraryKeys'),
              dataIndex: 'libraryKeys',
              render: (keys: string[]) => keys.map((k) => <Tag key={k}>{t(`folder.keys.${k}`)}</Tag>),
            },
            {
              title: t('folder.manageLevel'),
              dataIndex: 'manageFolder',
              render: (l: number) => t(`folder.level.${l}`),
            },
          ]}
        />
      )}
    </Flex>
  );
}
