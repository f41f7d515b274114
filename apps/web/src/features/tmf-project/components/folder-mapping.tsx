import { useMemo, useState } from 'react';
import { App, Checkbox, Empty, Select, Space, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { tmfName } from '@edoc/contract/tmf-model';
import type { TmfProjectArtifact, TmfProjectFolder } from '@edoc/contract/tmf-project';
import { compareText } from '../../../lib/format';
import { useMapTmfFolder } from '../api';

/** "8.2.1 Investigator's Brochure": the number first, so typing either the number or the name finds it. */
export const artifactLabel = (artifact: TmfProjectArtifact, lang: string) =>
  `${artifact.number} ${tmfName(artifact, lang)}`;

/**
 * The project's document folders and the artifact each stands for. A change is saved at once, row by row: mapping a
 * folder files the documents in it under the artifact (the server's rule), so there is nothing to batch.
 */
export function FolderMapping(props: {
  folders: TmfProjectFolder[];
  artifacts: TmfProjectArtifact[];
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const map = useMapTmfFolder();
  const [unmappedOnly, setUnmappedOnly] = useState(false);
  const [saving, setSaving] = useState<number | null>(null);
  const hasModel = props.artifacts.length > 0;

  const options = useMemo(
    () => props.artifacts.map((a) => ({ value: a.id, label: artifactLabel(a, i18n.language) })),
    [props.artifacts, i18n.language],
  );
  const rows = unmappedOnly ? props.folders.filter((f) => f.artifactId === null) : props.folders;

  const save = (folder: TmfProjectFolder, artifactId: number | null) => {
    setSaving(folder.id);
    map.mutate(
      { folderId: folder.id, artifactId },
      {
        onSuccess: () =>
          void message.success(
            artifactId === null
              ? t('tmfProject.unmapped', { path: folder.path })
              : t('tmfProject.mapped', { path: folder.path }),
          ),
        onSettled: () => setSaving(null),
      },
    );
  };

  const columns: TableProps<TmfProjectFolder>['columns'] = [
    {
      title: t('tmfProject.folder'),
      dataIndex: 'path',
      // Unsorted, the rows keep the tree's order (parents first, siblings as the tree shows them): the ICH tree's
      // "Before…" section comes before "After…", which an alphabetical order would turn round.
      sorter: (a, b) => compareText(a.path, b.path),
    },
    { title: t('tmfProject.documents'), dataIndex: 'documentCount', width: 110, align: 'right' },
    {
      title: t('tmfProject.artifact'),
      key: 'artifact',
      width: '45%',
      render: (_: unknown, folder) => (
        <Select<number>
          id={`tmf-project-map-${folder.id}`}
          aria-label={t('tmfProject.artifactOf', { path: folder.path })}
          style={{ width: '100%' }}
          showSearch
          allowClear
          optionFilterProp="label"
          placeholder={hasModel ? t('tmfProject.unmappedPlaceholder') : t('tmfProject.chooseModelFirst')}
          disabled={!hasModel}
          loading={saving === folder.id}
          value={folder.artifactId ?? undefined}
          onChange={(value) => save(folder, value ?? null)}
          options={options}
          notFoundContent={t('tmfProject.noArtifact')}
        />
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Space wrap>
        <Checkbox
          id="tmf-project-unmapped-only"
          checked={unmappedOnly}
          onChange={(e) => setUnmappedOnly(e.target.checked)}
        >
          {t('tmfProject.unmappedOnly')}
        </Checkbox>
        <Typography.Text type="secondary" id="tmf-project-mapped-count">
          {t('tmfProject.mappedCount', {
            mapped: props.folders.filter((f) => f.artifactId !== null).length,
            total: props.folders.length,
          })}
        </Typography.Text>
      </Space>
      <Table<TmfProjectFolder>
        id="tmf-project-folders"
        rowKey="id"
        size="middle"
        // Fixed: a long artifact name in a Select would otherwise widen its column and squeeze the paths.
        tableLayout="fixed"
        loading={props.loading}
        dataSource={rows}
        columns={columns}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, hideOnSinglePage: false }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                unmappedOnly && props.folders.length > 0 ? t('tmfProject.allMapped') : t('tmfProject.noFolders')
              }
            />
          ),
        }}
      />
    </Space>
  );
}
