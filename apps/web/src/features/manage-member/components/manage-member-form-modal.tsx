import { useEffect } from 'react';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProjectMember } from '@edoc/contract/member';
import { EnterSubmits } from '../../../components/enter-submits';
import { errorText } from '../../../lib/feedback';
import { fieldMessage } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { listRoles, roleKeys } from '../../role/api';
import { listSites, siteKeys } from '../../site/api';
import { addProjectMember, listMemberCandidates, manageMemberKeys, updateProjectMember } from '../api';

interface MemberFormValues {
  userId?: number;
  roleId?: number;
  siteIds: number[];
}

interface ManageMemberFormModalProps {
  open: boolean;
  /** The member whose role changes; undefined adds a member. */
  member?: ProjectMember;
  onClose: () => void;
}

/**
 * Adds a company user to the entered project, or changes a member's role and sites. The form of the company
 * administrator's member page (features/project), speaking to the project administrator's calls.
 */
export function ManageMemberFormModal({ open, member, onClose }: ManageMemberFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MemberFormValues>();
  useRevalidateOnLanguage(form);
  const adding = !member;

  const roles = useQuery({ queryKey: roleKeys.list, queryFn: listRoles, enabled: open });
  const sites = useQuery({ queryKey: siteKeys.list, queryFn: listSites, enabled: open });
  const candidates = useQuery({
    queryKey: manageMemberKeys.candidates,
    queryFn: listMemberCandidates,
    enabled: open && adding,
  });

  const save = useMutation({
    mutationFn: (values: MemberFormValues) => {
      const body = { roleId: values.roleId as number, siteIds: values.siteIds ?? [] };
      return member
        ? updateProjectMember(member.memberId, body)
        : addProjectMember({ ...body, userId: values.userId as number });
    },
    // Shown inside the dialog: user_has_tasks and cannot_change_own_rights explain why nothing changed.
    meta: { silentError: true },
    onSuccess: async () => {
      void message.success(member ? t('member.updated') : t('member.added'));
      await queryClient.invalidateQueries({ queryKey: manageMemberKeys.all });
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
      onClose();
    },
  });
  const { reset } = save;

  useEffect(() => {
    if (!open) return;
    reset();
    form.resetFields();
    form.setFieldsValue(
      member
        ? { roleId: member.roleId, siteIds: member.siteIds }
        : { userId: undefined, roleId: undefined, siteIds: [] },
    );
  }, [open, member, form, reset]);

  return (
    <Modal
      open={open}
      title={member ? t('member.editTitle', { name: member.userName }) : t('member.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'manage-member-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {save.isError && (
        <Alert
          id="manage-member-form-error"
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={errorText(save.error)}
        />
      )}
      <Form<MemberFormValues> form={form} name="manageMemberForm" layout="vertical" onFinish={(v) => save.mutate(v)}>
        {adding ? (
          <Form.Item
            name="userId"
            label={t('fields.userId')}
            required
            rules={[{ required: true, message: fieldMessage('required', 'userId') }]}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              loading={candidates.isFetching}
              placeholder={t('member.userPlaceholder')}
              notFoundContent={t('member.noCandidates')}
              options={(candidates.data ?? []).map((u) => ({ value: u.userId, label: `${u.userName} <${u.email}>` }))}
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('fields.userId')}>
            <Input id="manageMemberForm_user" value={`${member.userName} <${member.email}>`} disabled />
          </Form.Item>
        )}
        <Form.Item
          name="roleId"
          label={t('fields.roleId')}
          required
          rules={[{ required: true, message: fieldMessage('required', 'roleId') }]}
        >
          <Select<number>
            loading={roles.isFetching}
            placeholder={t('member.rolePlaceholder')}
            options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: `${r.name} (${r.code})` }))}
          />
        </Form.Item>
        <Form.Item name="siteIds" label={t('fields.siteIds')} extra={t('manageMember.sitesHelp')}>
          <Select<number[]>
            mode="multiple"
            allowClear
            loading={sites.isFetching}
            placeholder={t('site.all')}
            notFoundContent={t('member.noSites')}
            options={(sites.data ?? []).map((s) => ({ value: s.siteId, label: `${s.code} ${s.name}` }))}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
