import { useState } from 'react';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Popconfirm, Popover, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteStageInput } from '@edoc/contract/workflow-requests';
import { ROUTE_TEMPLATE_MAX } from '@edoc/contract/workflow-requests';
import { useCreateRouteTemplate, useDeleteRouteTemplate, useRouteTemplates, type RouteTemplate } from '../api';

interface RouteTemplatesProps {
  /** The route as the form holds it now, or null while it is incomplete (a stage without assignees). */
  currentRoute: () => Promise<RouteStageInput[] | null>;
  onApply: (template: RouteTemplate) => void;
}

/** Apply a saved route, save the current one under a name (at most five), or delete one. */
export function RouteTemplates({ currentRoute, onApply }: RouteTemplatesProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const templates = useRouteTemplates(true);
  const create = useCreateRouteTemplate();
  const remove = useDeleteRouteTemplate();
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const list = templates.data ?? [];

  const save = async () => {
    const stages = await currentRoute();
    if (!stages) return;
    // The server's refusals (template_limit among them) are shown with its message by the query client.
    create.mutate(
      { name: name.trim(), stages },
      {
        onSuccess: () => {
          void message.success(t('workflow.template.saved', { name: name.trim() }));
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
        placeholder={t('workflow.template.name')}
        aria-label={t('workflow.template.name')}
        onChange={(e) => setName(e.target.value)}
        onPressEnter={() => name.trim() && void save()}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('workflow.template.limit', { max: ROUTE_TEMPLATE_MAX })}
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
      <Typography.Text type="secondary">{t('workflow.template.label')}</Typography.Text>
      <Space.Compact>
        <Select<number>
          id="workflow-template"
          style={{ width: 220 }}
          allowClear
          loading={templates.isFetching}
          placeholder={t('workflow.template.apply')}
          aria-label={t('workflow.template.apply')}
          value={chosen ?? undefined}
          options={list.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          notFoundContent={t('workflow.template.none')}
          onChange={(id) => {
            setChosen(id ?? null);
            const tpl = list.find((x) => x.id === id);
            if (tpl) onApply(tpl);
          }}
        />
        <Popconfirm
          title={t('workflow.template.deleteConfirm', { name: list.find((x) => x.id === chosen)?.name ?? '' })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ id: 'workflow-template-delete-ok', danger: true }}
          disabled={chosen === null}
          onConfirm={() =>
            chosen !== null &&
            remove.mutateAsync(chosen).then(() => {
              setChosen(null);
              void message.success(t('workflow.template.deleted'));
            })
          }
        >
          <Button
            id="workflow-template-delete"
            icon={<DeleteOutlined />}
            disabled={chosen === null}
            aria-label={t('workflow.template.delete')}
          />
        </Popconfirm>
      </Space.Compact>
      <Popover
        trigger="click"
        open={saving}
        onOpenChange={setSaving}
        title={t('workflow.template.saveTitle')}
        content={saveForm}
      >
        <Button id="workflow-template-save" icon={<SaveOutlined />}>
          {t('workflow.template.save')}
        </Button>
      </Popover>
    </Flex>
  );
}
