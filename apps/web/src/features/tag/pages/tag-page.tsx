import { useEffect, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG_COLORS, tagBody, type TagBody, type TagItem } from '@edoc/contract/tag';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useDeleteTag, useSaveTag, useTags } from '../api';
import { Dialog } from '../../../components/dialog';

function TagFormModal({ open, tag, onClose }: { open: boolean; tag?: TagItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TagBody>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(tag ? { name: tag.name, color: tag.color } : { name: '', color: 'blue' });
  }, [open, tag, form]);

  const save = useSaveTag({ silentError: true });
  const submit = (values: TagBody) =>
    save.mutate(
      { id: tag?.id, body: { name: values.name.trim(), color: values.color } },
      {
        onSuccess: () => {
          void message.success(t('common.saved'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { tag_exists: 'name' }),
      },
    );

  return (
    <Dialog
      open={open}
      title={tag ? t('tag.editTitle') : t('tag.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'tag-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<TagBody> form={form} name="tagForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('tag.name')}
          required
          rules={[schemaRule('name', tagBody.shape.name, 'tag.name')]}
        >
          <Input name="name" autoFocus />
        </Form.Item>
        <Form.Item name="color" label={t('tag.color')}>
          <Select<string>
            id="tagForm_color"
            options={TAG_COLORS.map((c) => ({ value: c, label: <Tag color={c}>{t(`tag.colors.${c}`)}</Tag> }))}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}

/** SPEC §2 /manage/tag: the project's document tags. */
export function TagPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ open: boolean; tag?: TagItem }>({ open: false });
  const tags = useTags();
  const remove = useDeleteTag();

  return (
    <Card
      title={t('menu.project.manageTag')}
      variant="borderless"
      extra={
        <Button id="tag-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {t('tag.create')}
        </Button>
      }
    >
      <Table<TagItem>
        id="tag-table"
        rowKey="id"
        size="middle"
        loading={tags.isFetching}
        dataSource={tags.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tag.empty')} /> }}
        columns={[
          {
            title: t('tag.name'),
            dataIndex: 'name',
            render: (name: string, tag) => <Tag color={tag.color}>{name}</Tag>,
          },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 180,
            render: (_: unknown, tag) => (
              <Space size="small">
                <Button
                  id={`tag-edit-${tag.id}`}
                  type="link"
                  size="small"
                  onClick={() => setEditing({ open: true, tag })}
                >
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('tag.deleteConfirm', { name: tag.name })}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  onConfirm={() =>
                    remove
                      .mutateAsync(tag, { onSuccess: () => void message.success(t('tag.deleted')) })
                      .catch(() => undefined)
                  }
                >
                  <Button id={`tag-delete-${tag.id}`} type="link" size="small" danger>
                    {t('tag.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <TagFormModal open={editing.open} tag={editing.tag} onClose={() => setEditing({ open: false })} />
    </Card>
  );
}
