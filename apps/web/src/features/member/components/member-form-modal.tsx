import { useEffect } from 'react';
import { Alert, App, Form, Input, Select } from 'antd';
import { useQuery, type QueryKey, type UseMutationResult, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EnterSubmits } from '../../../components/enter-submits';
import { errorText } from '../../../lib/feedback';
import { fieldMessage } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import type { CompanyUserItem } from '@edoc/contract/company';
import {
  memberOpenTasks,
  type MemberBody,
  type MemberUpdateBody,
  type ProjectMember,
  type ProjectRole,
} from '@edoc/contract/member';
import { isApiError } from '../../../lib/api-client';
import { roleNameIn } from '@edoc/contract/role';
import type { SiteItem } from '@edoc/contract/site';
import { Dialog } from '../../../components/dialog';

interface MemberFormValues {
  userId?: number;
  roleId?: number;
  siteIds: number[];
}

/** Query options of a list (e.g. `sitesQuery(projectKey)`): the form runs them while it is open. */
export type ListQuery<T> = UseQueryOptions<T[], Error, T[], QueryKey>;

/** A save of the form: a new member (no memberId, with the user) or a member's new role and sites. */
export type MemberSave = { memberId: number; body: MemberUpdateBody } | { memberId?: undefined; body: MemberBody };

/**
 * Where the form reads and writes: the company administrator's calls for a chosen project, or the project
 * administrator's for the entered one. The form itself is the same for both.
 */
export interface MemberCalls<R extends ProjectRole = ProjectRole> {
  /** The form's name; element ids follow it (memberForm → #member-form-ok, #memberForm_userId). */
  formName: string;
  idPrefix: string;
  roles: ListQuery<R>;
  candidates: ListQuery<CompanyUserItem>;
  /** The project's sites to choose from; without them the member's current site ids are shown. */
  sites?: ListQuery<SiteItem>;
  /** The feature's save mutation (it refreshes what shows members); the form reports success and closes. */
  save: UseMutationResult<unknown, Error, MemberSave>;
}

// Never run (disabled): the company administrator's form has no site list.
const NO_SITES: ListQuery<SiteItem> = { queryKey: ['no-sites'], queryFn: () => Promise.resolve([]) };

interface MemberFormModalProps<R extends ProjectRole> {
  open: boolean;
  calls: MemberCalls<R>;
  /** The member whose role changes; undefined adds a member. */
  member?: ProjectMember;
  onClose: () => void;
}

/** Adds a company user to the project, or changes a member's role and sites. */
export function MemberFormModal<R extends ProjectRole>({ open, calls, member, onClose }: MemberFormModalProps<R>) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MemberFormValues>();
  useRevalidateOnLanguage(form);
  const adding = !member;

  const roles = useQuery({ ...calls.roles, enabled: open });
  const sites = useQuery({
    ...(calls.sites ?? NO_SITES),
    enabled: open && calls.sites !== undefined,
  });
  const candidates = useQuery({ ...calls.candidates, enabled: open && adding });

  const { save } = calls;
  const submit = (values: MemberFormValues) => {
    const body = { roleId: values.roleId as number, siteIds: values.siteIds ?? [] };
    save.mutate(member ? { memberId: member.memberId, body } : { body: { ...body, userId: values.userId as number } }, {
      onSuccess: () => {
        void message.success(member ? t('member.updated') : t('member.added'));
        onClose();
      },
    });
  };
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
    <Dialog
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
          description={<OpenTasks error={save.error} idPrefix={calls.idPrefix} />}
        />
      )}
      <Form<MemberFormValues> form={form} name={calls.formName} layout="vertical" onFinish={submit}>
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
            options={(roles.data ?? []).map((r) => ({
              value: r.roleId,
              label: `${roleNameIn(i18n.language, r.code, r.name)} (${r.code})`,
            }))}
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
    </Dialog>
  );
}

/**
 * The tasks a user_has_tasks refusal names (contract memberOpenTasks): each document with what waits on it, linked to
 * the viewer, so the administrator can act on or reassign them (issue 26).
 */
function OpenTasks({ error, idPrefix }: { error: unknown; idPrefix: string }) {
  const { t } = useTranslation();
  if (!isApiError(error) || error.errorCode !== 'user_has_tasks') return null;
  const parsed = memberOpenTasks.safeParse(error.data);
  if (!parsed.success || parsed.data.length === 0) return null;
  return (
    <div id={`${idPrefix}-form-tasks`}>
      <div>{t('member.openTasksHelp')}</div>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {parsed.data.map((task) => (
          <li key={task.taskId} id={`${idPrefix}-form-task-${task.taskId}`}>
            <a href={`/view?fileId=${task.fileId}`} target="_blank" rel="opener">
              {task.fileName}
            </a>
            {' · '}
            {t(`task.kind.${task.kind}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
