import { useState } from 'react';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Popconfirm, Popover, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteStageInput } from '@edoc/contract/workflow-requests';
import { ROUTE_PRESET_MAX } from '@edoc/contract/workflow-requests';
import { useCreateRoutePreset, useDeleteRoutePreset, useRoutePresets, type RoutePreset } from '../api';

interface RoutePresetsProps {
  /** The route as the form holds it now, or null while it is incomplete (a stage without assignees). */
  currentRoute: () => Promise<RouteStageInput[] | null>;
  onApply: (preset: RoutePreset) => void;
}

/** Apply a saved route, save the current one under a name (at most five), or delete one. */
export function RoutePresets({ currentRoute, onApply }: RoutePresetsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const presets = useRoutePresets(true);
  const create = useCreateRoutePreset();
  const remove = useDeleteRoutePreset();
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const list = presets.data ?? [];

  const save = async () => {
    const stages = await currentRoute();
    if (!stages) return;
    // The server's refusals (template_limit among them) are shown with its message by the query client.
    create.mutate(
      { name: name.trim(), stages },
      {
        onSuccess: () => {
          void message.success(t('workflow.preset.saved', { name: name.trim() }));
          setSaving(false);
          setName('');
        },
      },
    );
  };

  const saveForm = (
    <Flex vertical gap={8} style={{ width: 260 }}>
      <Input
        id="workflow-template-name"
        value={name}
        maxLength={64}
        placeholder={t('workflow.preset.name')}
        aria-label={t('workflow.preset.name')}
        onChange={(e) => setName(e.target.value)}
        onPressEnter={() => name.trim() && void save()}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('workflow.preset.limit', { max: ROUTE_PRESET_MAX })}
      </Typography.Text>
      <Button
        id="workflow-template-save-ok"
        type="primary"
        size="small"
        disabled={!name.trim()}
        loading={create.isPending}
        onClick={() => void save()}
      >
        {t('common.save')}
      </Button>
    </Flex>
  );

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
        <Popconfirm
          title={t('workflow.preset.deleteConfirm', { name: list.find((x) => x.id === chosen)?.name ?? '' })}
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
        onOpenChange={setSaving}
        title={t('workflow.preset.saveTitle')}
        content={saveForm}
      >
        <Button id="workflow-template-save" icon={<SaveOutlined />}>
          {t('workflow.preset.save')}
        </Button>
      </Popover>
    </Flex>
  );
}
