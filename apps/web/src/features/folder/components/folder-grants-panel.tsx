import { useEffect, useMemo, useState } from 'react';
import { App, Button, Empty, Flex, Select, Table, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from '@edoc/contract/enums';
import type { FolderGrantInput, FolderNode, SubjectType } from '@edoc/contract/folder';
import { roleNameIn } from '@edoc/contract/role';
import { useFolderGrants, useGrantSubjects, useSaveFolderGrants, type GrantSubjects } from '../api';

type Row = Required<FolderGrantInput> & { key: string; subjectName: string };

const keyOf = (type: string, id: number) => `${type}:${id}`;

function subjectOptions(s: GrantSubjects | undefined, t: (k: string) => string, lang: string) {
  if (!s) return [];
  return [
    {
      label: t('folder.subject.role'),
      options: s.roles.map((r) => ({ value: keyOf('role', r.roleId), label: roleNameIn(lang, r.code, r.name) })),
    },
    {
      label: t('folder.subject.group'),
      options: s.groups.map((g) => ({ value: keyOf('group', g.groupId), label: g.name })),
    },
    {
      label: t('folder.subject.user'),
      options: s.members.map((m) => ({ value: keyOf('user', m.userId), label: `${m.userName} (${m.email})` })),
    },
  ];
}

/** Grants of one folder to roles, groups or members; only project administrators may change them. */
export function FolderGrantsPanel({ folder }: { folder: FolderNode }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const grants = useFolderGrants(folder.folderId);
  const subjects = useGrantSubjects();
  const [rows, setRows] = useState<Row[]>([]);
  const [adding, setAdding] = useState<string | undefined>();
  useEffect(() => {
    setRows(
      (grants.data?.own ?? []).map((g) => ({
        key: keyOf(g.subjectType, g.subjectId),
        subjectType: g.subjectType,
        subjectId: g.subjectId,
        subjectName: g.subjectName,
        docKeys: g.docKeys,
        libraryKeys: g.libraryKeys,
        manageLevel: g.manageLevel,
      })),
    );
  }, [grants.data]);

  const options = useMemo(() => subjectOptions(subjects.data, t, i18n.language), [subjects.data, t, i18n.language]);
  const nameOf = (key: string) => options.flatMap((g) => g.options).find((o) => o.value === key)?.label ?? key;
  const update = (key: string, patch: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  // The rows restart from the server's grants whenever they arrive: a subject added before then would be lost on
  // save (seen in the organisation journey under load), so adding and saving wait for them.
  const ready = grants.isSuccess && !grants.isFetching;
  const save = useSaveFolderGrants();
  const submit = () =>
    save.mutate(
      {
        folderId: folder.folderId,
        grants: rows.map(({ subjectType, subjectId, docKeys, libraryKeys, manageLevel }) => ({
          subjectType,
          subjectId,
          docKeys,
          libraryKeys,
          manageLevel,
        })),
      },
      { onSuccess: () => void message.success(t('folder.grantsSaved')) },
    );

  const keyOptions = (keys: readonly string[]) => keys.map((k) => ({ value: k, label: t(`folder.keys.${k}`) }));
  const levels = [0, 1, 2, 3].map((l) => ({ value: l, label: t(`folder.level.${l}`) }));
  const columns: TableProps<Row>['columns'] = [
    {
      title: t('folder.subjectCol'),
      key: 'subject',
      render: (_: unknown, r) => (
        <>
          <Tag>{t(`folder.subject.${r.subjectType}`)}</Tag>
          {r.subjectName || nameOf(r.key)}
        </>
      ),
    },
    {
      title: t('folder.docKeys'),
      key: 'docKeys',
      render: (_: unknown, r) => (
        <Select
          mode="multiple"
          style={{ minWidth: 200 }}
          value={r.docKeys}
          options={keyOptions(DOC_PERMISSION_KEYS)}
          onChange={(docKeys: string[]) => update(r.key, { docKeys })}
          aria-label={t('folder.docKeys')}
        />
      ),
    },
    {
      title: t('folder.libraryKeys'),
      key: 'libraryKeys',
      render: (_: unknown, r) => (
        <Select
          mode="multiple"
          style={{ minWidth: 160 }}
          value={r.libraryKeys}
          options={keyOptions(LIBRARY_PERMISSION_KEYS)}
          onChange={(libraryKeys: string[]) => update(r.key, { libraryKeys })}
          aria-label={t('folder.libraryKeys')}
        />
      ),
    },
    {
      title: t('folder.manageLevel'),
      key: 'manageLevel',
      render: (_: unknown, r) => (
        <Select
          style={{ width: 170 }}
          value={r.manageLevel}
          options={levels}
          onChange={(manageLevel: number) => update(r.key, { manageLevel })}
          aria-label={t('folder.manageLevel')}
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Button type="link" danger size="small" onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}>
          {t('folder.removeGrant')}
        </Button>
      ),
    },
  ];

  const addSubject = (value: string) => {
    const [type, id] = value.split(':');
    if (!rows.some((r) => r.key === value)) {
      setRows((list) => [
        ...list,
        {
          key: value,
          subjectType: type as SubjectType,
          subjectId: Number(id),
          subjectName: nameOf(value),
          docKeys: ['viewDoc'],
          libraryKeys: [],
          manageLevel: 0,
        },
      ]);
    }
    setAdding(undefined);
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Select
          id="folder-grant-subject"
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 280 }}
          placeholder={t('folder.addGrant')}
          aria-label={t('folder.addGrant')}
          value={adding}
          options={options}
          onChange={addSubject}
          loading={subjects.isFetching}
          disabled={!ready}
        />
        <Button id="folder-grants-save" type="primary" loading={save.isPending} disabled={!ready} onClick={submit}>
          {t('common.save')}
        </Button>
      </Flex>
      <Table<Row>
        id="folder-grants-table"
        rowKey="key"
        size="small"
        loading={grants.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('folder.noGrants')} /> }}
      />
      {grants.data?.inherited.length ? (
        <>
          <Typography.Text type="secondary">{t('folder.inherited')}</Typography.Text>
          <Table
            id="folder-grants-inherited"
            rowKey={(g) => keyOf(g.subjectType, g.subjectId)}
            size="small"
            pagination={false}
            dataSource={grants.data.inherited}
            columns={[
              {
                title: t('folder.subjectCol'),
                key: 'subject',
                render: (_: unknown, g) => (
                  <>
                    <Tag>{t(`folder.subject.${g.subjectType}`)}</Tag>
                    {g.subjectName}
                  </>
                ),
              },
              { title: t('folder.fromFolder'), dataIndex: 'fromFolderName' },
              {
                title: t('folder.docKeys'),
                dataIndex: 'docKeys',
                render: (keys: string[]) => keys.map((k) => <Tag key={k}>{t(`folder.keys.${k}`)}</Tag>),
              },
              {
                title: t('folder.manageLevel'),
                dataIndex: 'manageLevel',
                render: (l: number) => t(`folder.level.${l}`),
              },
            ]}
          />
        </>
      ) : null}
    </Flex>
  );
}
