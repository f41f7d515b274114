import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Form, Input, Popconfirm, Segmented, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { folderTemplateSaveBody } from '@edoc/contract/folder';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useSession } from '../../../lib/session';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { applyTemplate, folderKeys, listDirectoryTemplates, saveTemplate, type DirectoryTemplate } from '../api';

function SaveTemplateForm({ type }: { type: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  useRevalidateOnLanguage(form);
  const save = useMutation({
    mutationFn: (v: { name: string }) => saveTemplate({ name: v.name.trim(), type }),
    meta: { silentError: true },
    onSuccess: async (data) => {
      void message.success(t('folder.templateSaved', { count: data.folderCount }));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: folderKeys.templates });
    },
    onError: (error) => showServerError(form, error, { template_name_exists: 'name' }),
  });
  return (
    <Form form={form} name="templateSave" layout="inline" onFinish={(v) => save.mutate(v)}>
      <Form.Item
        name="name"
        label={t('folder.templateName')}
        rules={[schemaRule('name', folderTemplateSaveBody.shape.name, 'folder.templateName')]}
      >
        <Input style={{ width: 280 }} />
      </Form.Item>
      <Button id="folder-template-save" type="primary" htmlType="submit" loading={save.isPending}>
        {t('folder.saveAsTemplate')}
      </Button>
    </Form>
  );
}

/** SPEC §2 /manage/folder_template: apply a directory template to the project's tree, or save the tree as one. */
export function FolderTemplatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { libraryFolder } = useSession();
  const [type, setType] = useState(0);
  const templates = useQuery({ queryKey: folderKeys.templates, queryFn: listDirectoryTemplates });
  const apply = useMutation({
    mutationFn: (tpl: DirectoryTemplate) => applyTemplate({ templateId: tpl.id, type }),
    onSuccess: async (data) => {
      void message.success(t('folder.templateApplied', { count: data.created }));
      await queryClient.invalidateQueries({ queryKey: folderKeys.all });
    },
  });

  return (
    <Flex vertical gap={24}>
      <Card variant="borderless" title={t('folder.templateTitle')}>
        {libraryFolder ? (
          <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
            <span>{t('folder.templateTarget')}</span>
            <Segmented<number>
              id="folder-template-type"
              value={type}
              onChange={setType}
              options={[
                { value: 0, label: t('folder.work') },
                { value: 1, label: t('folder.library') },
              ]}
            />
          </Flex>
        ) : null}
        <Table<DirectoryTemplate>
          id="folder-template-table"
          rowKey="id"
          size="middle"
          loading={templates.isFetching}
          dataSource={templates.data ?? []}
          pagination={{ hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('folder.noTemplates')} /> }}
          columns={[
            {
              title: t('folder.templateName'),
              dataIndex: 'name',
              render: (name: string, tpl) => (
                <>
                  {name} {tpl.shipped ? <Tag color="blue">{t('folder.shipped')}</Tag> : null}
                </>
              ),
            },
            { title: t('folder.folderCount'), dataIndex: 'folderCount' },
            {
              title: t('common.actions'),
              key: 'actions',
              render: (_: unknown, tpl) => (
                <Popconfirm
                  title={t('folder.applyConfirm', { name: tpl.name })}
                  description={t('folder.applyConfirmText')}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ id: 'folder-template-apply-confirm' }}
                  onConfirm={() => apply.mutateAsync(tpl).catch(() => undefined)}
                >
                  <Button id={`folder-template-apply-${tpl.id}`} type="link" size="small">
                    {t('folder.apply')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <Card variant="borderless" title={t('folder.saveTemplateTitle')}>
        <SaveTemplateForm type={type} />
      </Card>
    </Flex>
  );
}
