import { useState } from 'react';
import { DeleteOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Popconfirm, Popover, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteStageInput } from '@edoc/contract/workflow-requests';
import { ROUTE_PRESET_MAX } from '@edoc/contract/workflow-requests';
import { isApiError } from '../../../lib/api-client';
import { showError } from '../../../lib/feedback';
import {
  useCreateRoutePreset,
  useDeleteRoutePreset,
  useRenameRoutePreset,
  useRoutePresets,
  type RoutePreset,
} from '../api';

interface RoutePresetsProps {
  /** The route as the form holds it now, or null while it is incomplete (a stage without assignees). */
  currentRoute: () => Promise<RouteStageInput[] | null>;
  onApply: (preset: RoutePreset) => void;
}

/** A refusal about the name (a name the scope already has) belongs under the name box; others are shown as usual. */
function nameErrorOf(error: unknown): string | null {
  if (isApiError(error) && error.errorCode === 'route_preset_name_exists') return error.msg;
  showError(error);
  return null;
}

/** Apply a saved route, save the current one under a name (at most five), rename or delete one. */
export function RoutePresets({ currentRoute, onApply }: RoutePresetsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const presets = useRoutePresets(true);
  const create = useCreateRoutePreset({ silentError: true });
  const rename = useRenameRoutePreset({ silentError: true });
  const remove = useDeleteRoutePreset();
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const list = presets.data ?? [];
  const chosenPreset = list.find((x) => x.id === chosen);

  const save = async () => {
    const stages = await currentRoute();
    if (!stages) return;
    // The server's refusals (template_limit among them) are shown with its message; a taken name under the box.
    create.mutate(
      { name: name.trim(), stages },
      {
        onSuccess: () => {
          void message.success(t('workflow.preset.saved', { name: name.trim() }));
          setSaving(false);
          setName('');
        },
        onError: (error) => setNameError(nameErrorOf(error)),
      },
    );
  };

  const saveRename = () => {
    if (chosen === null) return;
    rename.mutate(
      { id: chosen, name: name.trim() },
      {
        onSuccess: () => {
          void message.success(t('workflow.preset.renamed', { name: name.trim() }));
          setRenaming(false);
          setName('');
        },
        onError: (error) => setNameError(nameErrorOf(error)),
      },
    );
  };

  const nameForm = (ids: { input: string; ok: string }, onSave: () => void, pending: boolean) => (
    <Flex vertical gap={8} style={{ width: 260 }}>
      <Input
        id={ids.input}
        value={name}
        maxLength={64}
        status={nameError ? 'error' : undefined}
        placeholder={t('workflow.preset.name')}
        aria-label={t('workflow.preset.name')}
        onChange={(e) => {
          setName(e.target.value);
          setNameError(null);
        }}
        onPressEnter={() => name.trim() && onSave()}
      />
      {nameError ? (
        <Typography.Text id={`${ids.input}-error`} type="danger" style={{ fontSize: 12 }}>
          {nameError}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('workflow.preset.limit', { max: ROUTE_PRESET_MAX })}
      </Typography.Text>
      <Button id={ids.ok} type="primary" size="small" disabled={!name.trim()} loading={pending} onClick={onSave}>
        {t('common.save')}
      </Button>
    </Flex>
  );

  /** One name box at a time: opening one starts it afresh (the rename box with the current name). */
  const openNameBox = (which: 'save' | 'rename', open: boolean) => {
    setNameError(null);
    setName(open && which === 'rename' ? (chosenPreset?.name ?? '') : '');
    if (which === 'save') setSaving(open);
    else setRenaming(open);
  };

  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text type="secondary">{t('workflow.preset.label')}</Typography.Text>
      <Space.Compact>
        <Select<number>
          id="workflow-template"
          style={{ width: 220 }}
          allowClear
          loading={presets.isFetching}
          placeholder={t('workflow.preset.apply')}
          aria-label={t('workflow.preset.apply')}
          value={chosen ?? undefined}
          options={list.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          notFoundContent={t('workflow.preset.none')}
          onChange={(id) => {
            setChosen(id ?? null);
            const tpl = list.find((x) => x.id === id);
            if (tpl) onApply(tpl);
          }}
        />
        <Popover
          trigger="click"
          open={renaming && chosen !== null}
          onOpenChange={(open) => openNameBox('rename', open)}
          title={t('workflow.preset.renameTitle')}
          content={nameForm(
            { input: 'workflow-template-rename-name', ok: 'workflow-template-rename-ok' },
            saveRename,
            rename.isPending,
          )}
        >
          <Button
            id="workflow-template-rename"
            icon={<EditOutlined />}
            disabled={chosen === null}
            aria-label={t('workflow.preset.rename')}
          />
        </Popover>
        <Popconfirm
          title={t('workflow.preset.deleteConfirm', { name: chosenPreset?.name ?? '' })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ id: 'workflow-template-delete-ok', danger: true }}
          disabled={chosen === null}
          onConfirm={() =>
            chosen !== null &&
            remove.mutateAsync(chosen).then(() => {
              setChosen(null);
              void message.success(t('workflow.preset.deleted'));
            })
          }
        >
          <Button
            id="workflow-template-delete"
            icon={<DeleteOutlined />}
            disabled={chosen === null}
            aria-label={t('workflow.preset.delete')}
          />
        </Popconfirm>
      </Space.Compact>
      <Popover
        trigger="click"
        open={saving}
        onOpenChange={(open) => openNameBox('save', open)}
        title={t('workflow.preset.saveTitle')}
        content={nameForm(
          { input: 'workflow-template-name', ok: 'workflow-template-save-ok' },
          () => void save(),
          create.isPending,
        )}
      >
        <Button id="workflow-template-save" icon={<SaveOutlined />}>
          {t('workflow.preset.save')}
        </Button>
      </Popover>
    </Flex>
  );
}
