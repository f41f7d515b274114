import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Form, Input, Popconfirm, Segmented, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { directoryTemplateSaveBody } from '@edoc/contract/folder';
import { FolderType } from '@edoc/contract/permissions';
import type { DirectoryTemplateItem } from '@edoc/contract/project';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useSession } from '../../../lib/session';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useApplyTemplate, useDirectoryTemplates, useSaveAsTemplate } from '../api';

function SaveTemplateForm({ type }: { type: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  useRevalidateOnLanguage(form);
  // The form shows a refusal beside its field, so the query client does not toast it too.
  const save = useSaveAsTemplate({ silentError: true });
  const submit = (v: { name: string }) =>
    save.mutate(
      { name: v.name.trim(), type },
      {
        onSuccess: (data) => {
          void message.success(t('folder.templateSaved', { count: data.folderCount }));
          form.resetFields();
        },
        onError: (error) => showServerError(form, error, { template_name_exists: 'name' }),
      },
    );
  return (
    <Form form={form} name="templateSave" layout="inline" onFinish={submit}>
      <Form.Item
        name="name"
        label={t('folder.templateName')}
        rules={[schemaRule('name', directoryTemplateSaveBody.shape.name, 'folder.templateName')]}
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
export function ProjectDirectoryTemplatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { libraryFolder } = useSession();
  const [type, setType] = useState<number>(FolderType.Work);
  const templates = useDirectoryTemplates();
  const applyTemplate = useApplyTemplate();
  // The Popconfirm stays open (loading) until the call ends; a refusal is shown by the query client.
  const apply = (tpl: DirectoryTemplateItem) =>
    applyTemplate
      .mutateAsync({ templateId: tpl.id, type })
      .then((data) => void message.success(t('folder.templateApplied', { count: data.created })))
      .catch(() => undefined);

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
                { value: FolderType.Work, label: t('folder.work') },
                { value: FolderType.Library, label: t('folder.library') },
              ]}
            />
          </Flex>
        ) : null}
        <Table<DirectoryTemplateItem>
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
                  onConfirm={() => apply(tpl)}
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
