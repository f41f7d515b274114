import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmfArtifactInput, TmfSectionInput } from '@edoc/contract/tmf-model';
import { STAGES } from './artifact-dialog';
import { useRuleText } from './artifact-rules';
import { nameIn } from './model-draft';

interface ArtifactTableProps {
  /** The selected section; none when a zone or nothing is selected. */
  section?: TmfSectionInput;
  /** A draft's: add, edit and remove; none for a published model. */
  onAdd?: () => void;
  onEdit?: (artifact: TmfArtifactInput) => void;
  onRemove?: (artifact: TmfArtifactInput) => void;
}

/** The selected section's artifacts, every attribute in words (a level, core, a stage is never a colour alone). */
export function ArtifactTable({ section, onAdd, onEdit, onRemove }: ArtifactTableProps) {
  const { t, i18n } = useTranslation();
  const editable = !!onAdd;
  const none = <Typography.Text type="secondary">{t('tmfModel.none')}</Typography.Text>;
  const ruleText = useRuleText();

  const columns: TableProps<TmfArtifactInput>['columns'] = [
    { title: t('tmfModel.number'), dataIndex: 'number', width: 80 },
    {
      title: t('tmfModel.artifactName'),
      key: 'name',
      // The sub-artifacts under the name, as the Reference Model lists them: a column of their own left the table
      // too wide beside the tree at 1440 pixels.
      render: (_: unknown, a) => (
        <>
          <div>{nameIn(a, i18n.language)}</div>
          {a.subArtifacts.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('tmfModel.subArtifactsOf', { list: a.subArtifacts.join(t('tmfModel.listSep')) })}
            </Typography.Text>
          )}
          {/* The due rules, one line a level, under the name as the sub-artifacts are: a column of their own made
              the table scroll sideways beside the tree at 1440 pixels. Edited in the artifact's dialog (a draft's). */}
          {a.rules?.map((rule) => (
            <div key={rule.level}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {ruleText(rule)}
              </Typography.Text>
            </div>
          ))}
        </>
      ),
    },
    {
      title: t('tmfModel.levels'),
      dataIndex: 'levels',
      width: 90,
      // Words on one line ("Trial, Site"): tags stacked one a line doubled every row's height.
      render: (levels: TmfArtifactInput['levels']) =>
        levels.map((level) => t(`tmfModel.level.${level}`)).join(t('tmfModel.listSep')),
    },
    {
      title: t('tmfModel.inclusion'),
      dataIndex: 'core',
      width: 125,
      render: (core: boolean) => (core ? t('tmfModel.core') : t('tmfModel.recommended')),
    },
    { title: t('tmfModel.ichRef'), dataIndex: 'ichRef', width: 95, render: (ref?: string) => ref || none },
    { title: t('tmfModel.dateLabel'), dataIndex: 'dateLabel', width: 105, render: (label?: string) => label || none },
    {
      title: t('tmfModel.stages'),
      key: 'stages',
      width: 95,
      render: (_: unknown, a) => {
        const stages = STAGES.filter((stage) => a[stage]);
        return stages.length ? stages.map((stage) => t(`tmfModel.stage.${stage}`)).join(t('tmfModel.listSep')) : none;
      },
    },
    ...(editable
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 76,
            // Kept in view when a narrow window scrolls the table sideways.
            fixed: 'right' as const,
            render: (_: unknown, a: TmfArtifactInput) => (
              <Space size={0}>
                <Button
                  id={`tmf-artifact-edit-${a.number}`}
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('tmfModel.editArtifact', { number: a.number })}
                  title={t('tmfModel.editArtifact', { number: a.number })}
                  onClick={() => onEdit?.(a)}
                />
                <Button
                  id={`tmf-artifact-remove-${a.number}`}
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('tmfModel.removeArtifact', { number: a.number })}
                  title={t('tmfModel.removeArtifact', { number: a.number })}
                  onClick={() => onRemove?.(a)}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      title={section ? `${section.number} ${nameIn(section, i18n.language)}` : t('tmfModel.artifacts')}
      extra={
        editable && (
          <Button id="tmf-artifact-add" size="small" icon={<PlusOutlined />} disabled={!section} onClick={onAdd}>
            {t('tmfModel.add.artifact')}
          </Button>
        )
      }
    >
      <Table<TmfArtifactInput>
        id="tmf-artifact-table"
        rowKey="number"
        size="small"
        columns={columns}
        dataSource={section?.artifacts ?? []}
        pagination={false}
        // The fixed columns and 200 pixels for the name: a read-only model fits beside the tree at 1440 pixels (810
        // there); a narrower window, or a draft's actions, scroll sideways, the actions staying in view.
        scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 200), 0) }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(section ? 'tmfModel.noArtifacts' : 'tmfModel.pickSection')}
            />
          ),
        }}
      />
    </Card>
  );
}
