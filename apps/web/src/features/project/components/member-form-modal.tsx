import { useEffect } from 'react';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EnterSubmits } from '../../../components/enter-submits';
import { errorText } from '../../../lib/feedback';
import { fieldMessage } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import type { CompanyUserItem } from '@edoc/contract/company';
import type { MemberBody, MemberUpdateBody, ProjectMember } from '@edoc/contract/member';

interface MemberFormValues {
  userId?: number;
  roleId?: number;
  siteIds: number[];
}

/**
 * Where the form reads and writes: the company administrator's calls for a chosen project, or the project
 * administrator's for the entered one. The form itself is the same for both.
 */
export interface MemberCalls {
  /** The form's name; element ids follow it (memberForm → #member-form-ok, #memberForm_userId). */
  formName: string;
  idPrefix: string;
  roles: { key: QueryKey; list: () => Promise<Array<{ roleId: number; code: string; name: string }>> };
  candidates: { key: QueryKey; list: () => Promise<CompanyUserItem[]> };
  /** The project's sites to choose from; without them the member's current site ids are shown. */
  sites?: { key: QueryKey; list: () => Promise<Array<{ siteId: number; code: string; name: string }>> };
  add: (body: MemberBody) => Promise<unknown>;
  update: (memberId: number, body: MemberUpdateBody) => Promise<unknown>;
  /** Queries that show members, refreshed after a save. */
  invalidate: QueryKey[];
}

interface MemberFormModalProps {
  open: boolean;
  calls: MemberCalls;
  /** The member whose role changes; undefined adds a member. */
  member?: ProjectMember;
  onClose: () => void;
}

/** Adds a company user to the project, or changes a member's role and sites. */
export function MemberFormModal({ open, calls, member, onClose }: MemberFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MemberFormValues>();
  useRevalidateOnLanguage(form);
  const adding = !member;

  const roles = useQuery({ queryKey: calls.roles.key, queryFn: calls.roles.list, enabled: open });
  const sites = useQuery({
    queryKey: calls.sites?.key ?? ['no-sites'],
    queryFn: calls.sites?.list ?? (() => Promise.resolve([])),
    enabled: open && calls.sites !== undefined,
  });
  const candidates = useQuery({
    queryKey: calls.candidates.key,
    queryFn: calls.candidates.list,
    enabled: open && adding,
  });

  const save = useMutation({
    mutationFn: (values: MemberFormValues) => {
      const body = { roleId: values.roleId as number, siteIds: values.siteIds ?? [] };
      return member ? calls.update(member.memberId, body) : calls.add({ ...body, userId: values.userId as number });
    },
    // Shown inside the dialog: user_has_tasks and cannot_change_own_rights explain why nothing changed.
    meta: { silentError: true },
    onSuccess: async () => {
      void message.success(member ? t('member.updated') : t('member.added'));
      for (const queryKey of calls.invalidate) await queryClient.invalidateQueries({ queryKey });
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
      okButtonProps={{ id: `${calls.idPrefix}-form-ok` }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {save.isError && (
        <Alert
          id={`${calls.idPrefix}-form-error`}
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={errorText(save.error)}
        />
      )}
      <Form<MemberFormValues> form={form} name={calls.formName} layout="vertical" onFinish={(v) => save.mutate(v)}>
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
            <Input id={`${calls.formName}_user`} value={`${member.userName} <${member.email}>`} disabled />
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
        <Form.Item name="siteIds" label={t('fields.siteIds')} extra={t('member.sitesHelp')}>
          <Select<number[]>
            mode="multiple"
            allowClear
            loading={sites.isFetching}
            placeholder={t('member.allSites')}
            notFoundContent={t('member.noSites')}
            options={
              calls.sites
                ? (sites.data ?? []).map((s) => ({ value: s.siteId, label: `${s.code} ${s.name}` }))
                : (member?.siteIds ?? []).map((id) => ({ value: id, label: `#${id}` }))
            }
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
