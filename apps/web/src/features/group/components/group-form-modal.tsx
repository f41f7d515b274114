import { useEffect } from 'react';
import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupBody, type GroupItem } from '@edoc/contract/group';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useAllMembers } from '../../member/api';
import { useSaveGroup } from '../api';
import { Dialog } from '../../../components/dialog';

interface GroupFormValues {
  name: string;
  description?: string;
  memberIds: number[];
}

interface GroupFormModalProps {
  open: boolean;
  /** The group being edited; undefined creates one. */
  group?: GroupItem;
  onClose: () => void;
}

/** A user group's name, description and members (members of the project only). */
export function GroupFormModal({ open, group, onClose }: GroupFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupFormValues>();
  useRevalidateOnLanguage(form);
  const members = useAllMembers({ enabled: open });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      group
        ? { name: group.name, description: group.description ?? '', memberIds: group.memberIds }
        : { name: '', description: '', memberIds: [] },
    );
  }, [open, group, form]);

  // The form shows a refusal beside its field, so the query client does not toast it too.
  const save = useSaveGroup({ silentError: true });
  const submit = (values: GroupFormValues) => {
    const body = {
      name: values.name.trim(),
      description: values.description?.trim() || undefined,
      memberIds: values.memberIds ?? [],
    };
    save.mutate(
      { groupId: group?.groupId, body },
      {
        onSuccess: () => {
          void message.success(group ? t('common.saved') : t('group.created'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { group_name_exists: 'name', invalid_value: 'memberIds' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={group ? t('group.editTitle', { name: group.name }) : t('group.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'group-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<GroupFormValues> form={form} name="groupForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('group.name')}
          required
          rules={[schemaRule('name', groupBody.shape.name, 'group.name')]}
        >
          <Input name="name" autoFocus />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('group.description')}
          rules={[schemaRule('description', groupBody.shape.description, 'group.description')]}
        >
          <Input.TextArea name="description" rows={2} />
        </Form.Item>
        <Form.Item name="memberIds" label={t('group.members')} extra={t('group.membersHelp')}>
          <Select<number[]>
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={members.isFetching}
            placeholder={t('group.membersPlaceholder')}
            options={(members.data?.data ?? []).map((m) => ({ value: m.userId, label: `${m.userName} <${m.email}>` }))}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
