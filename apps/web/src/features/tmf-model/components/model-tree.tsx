import { useState } from 'react';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmfModelBody } from '@edoc/contract/tmf-model';
import { nameIn, numbersOf, type ModelDraft, type NodeFields, type Selection } from './model-draft';
import { NodeDialog, type NodeDialogState } from './node-dialog';

const zoneKey = (zone: string) => `z:${zone}`;
const sectionKey = (zone: string, section: string) => `s:${zone}:${section}`;

function selectionOf(key: string): Selection {
  const [kind, zone, section] = key.split(':');
  if (kind === 'z') return { kind: 'zone', zone };
  return { kind: 'section', zone, section };
}

const keyOf = (selection: Selection) =>
  !selection ? '' : selection.kind === 'zone' ? zoneKey(selection.zone) : sectionKey(selection.zone, selection.section);

interface ModelTreeProps {
  model: TmfModelBody;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  /** The draft's changes; none for a published model, which shows no edit control. */
  edit?: ModelDraft;
}

/**
 * The model's zones and their sections as a tree (arrows move, Enter or Space selects: antd's Tree); a draft's
 * buttons above it add a zone, add a section to the selected zone, and edit or remove the selected row.
 */
export function ModelTree({ model, selection, onSelect, edit }: ModelTreeProps) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<NodeDialogState | null>(null);

  const zones = model.zones;
  const zone = selection ? zones.find((z) => z.number === selection.zone) : undefined;
  const section =
    selection?.kind === 'section' ? zone?.sections.find((s) => s.number === selection.section) : undefined;
  const selected: NodeFields | undefined = section ?? zone;

  const treeData: TreeDataNode[] = zones.map((z) => ({
    key: zoneKey(z.number),
    title: `${z.number} ${nameIn(z, i18n.language)}`,
    children: z.sections.map((s) => ({
      key: sectionKey(z.number, s.number),
      title: `${s.number} ${nameIn(s, i18n.language)}`,
      isLeaf: true,
    })),
  }));
  // Kept as the zones folded, so that a zone just added shows open.
  const expandedKeys = zones.map((z) => zoneKey(z.number)).filter((key) => !collapsed.has(key));

  const submit = (fields: NodeFields) => {
    if (!edit || !dialog) return;
    if (dialog.kind === 'zone') {
      edit.putZone(dialog.editing?.number ?? null, fields);
      onSelect({ kind: 'zone', zone: fields.number });
    } else {
      const zoneNumber = dialog.parent!;
      edit.putSection(zoneNumber, dialog.editing?.number ?? null, fields);
      onSelect({ kind: 'section', zone: zoneNumber, section: fields.number });
    }
  };

  const remove = () => {
    if (!edit || !selection || !selected) return;
    const label = `${selected.number} ${nameIn(selected, i18n.language)}`;
    void modal.confirm({
      title: t(selection.kind === 'zone' ? 'tmfModel.removeZoneConfirm' : 'tmfModel.removeSectionConfirm', {
        name: label,
      }),
      content: t('tmfModel.removeConfirmText'),
      okText: t('tmfModel.remove'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: 'tmf-node-remove-ok', danger: true },
      onOk: () => {
        if (selection.kind === 'zone') edit.removeZone(selection.zone);
        else edit.removeSection(selection.zone, selection.section);
        onSelect(null);
      },
    });
  };

  return (
    <Card size="small" title={t('tmfModel.structure')} styles={{ body: { padding: 8 } }}>
      {edit && (
        <Flex wrap gap={4} style={{ marginBottom: 8 }}>
          <Button id="tmf-zone-add" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'zone' })}>
            {t('tmfModel.add.zone')}
          </Button>
          <Button
            id="tmf-section-add"
            size="small"
            icon={<PlusOutlined />}
            disabled={!zone}
            onClick={() => zone && setDialog({ kind: 'section', parent: zone.number })}
          >
            {t('tmfModel.add.section')}
          </Button>
          <Button
            id="tmf-node-edit"
            size="small"
            icon={<EditOutlined />}
            disabled={!selected}
            onClick={() =>
              selected &&
              setDialog({
                kind: selection?.kind ?? 'zone',
                parent: section ? zone?.number : undefined,
                editing: { number: selected.number, nameEn: selected.nameEn, nameZh: selected.nameZh },
              })
            }
          >
            {t('tmfModel.editSelected')}
          </Button>
          <Button
            id="tmf-node-remove"
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={!selected}
            onClick={remove}
          >
            {t('tmfModel.remove')}
          </Button>
        </Flex>
      )}
      {zones.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(edit ? 'tmfModel.noZonesDraft' : 'tmfModel.noZones')}
        />
      ) : (
        <Tree
          rootClassName="tmf-model-tree"
          blockNode
          showLine
          treeData={treeData}
          expandedKeys={expandedKeys}
          onExpand={(keys) =>
            setCollapsed(new Set(zones.map((z) => zoneKey(z.number)).filter((key) => !keys.includes(key))))
          }
          selectedKeys={selection ? [keyOf(selection)] : []}
          // Choosing the chosen row again keeps it (antd would clear the selection and empty the table beside).
          onSelect={(keys) => keys.length && onSelect(selectionOf(String(keys[0])))}
          style={{ maxHeight: 560, overflow: 'auto' }}
        />
      )}
      {edit && (
        <NodeDialog
          state={dialog}
          taken={numbersOf(model, dialog?.editing?.number)}
          onSubmit={submit}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
