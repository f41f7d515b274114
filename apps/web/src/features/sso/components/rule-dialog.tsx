import { useEffect } from 'react';
import { App, Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ssoRuleBody } from '@edoc/contract/sso';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { companyProjectRolesQuery } from '../../member/company-member-api';
import { projectLabel, useProjectOptions } from '../../project/api';
import { useSaveSsoRule } from '../api';

interface Values {
  groupName: string;
  projectId: number;
  roleCode: string;
}
const shape = ssoRuleBody.shape;

/** A group rule: the provider's group, the company's project, and a role of that project. */
export function RuleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const projects = useProjectOptions();
  const projectId = Form.useWatch('projectId', form);
  const roles = useQuery({ ...companyProjectRolesQuery(projectId ?? 0), enabled: !!projectId });
  const save = useSaveSsoRule({ silentError: true });

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = (values: Values) =>
    save.mutate(values, {
      onSuccess: () => {
        void message.success(t('common.saved'));
        onClose();
      },
      onError: (error) => showServerError(form, error, { not_found: 'projectId', invalid_value: 'roleCode' }),
    });

  return (
    <Dialog
      open={open}
      title={t('sso.ruleCreate')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'sso-rule-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<Values> form={form} name="sso-rule-form" layout="vertical" onFinish={submit}>
        <Form.Item
          name="groupName"
          htmlFor="sso-rule-group"
          label={t('sso.group')}
          extra={t('sso.groupHint')}
          required
          rules={[schemaRule('groupName', shape.groupName)]}
        >
          <Input id="sso-rule-group" maxLength={128} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="projectId"
          htmlFor="sso-rule-project"
          label={t('sso.project')}
          required
          rules={[schemaRule('projectId', shape.projectId)]}
        >
          <Select<number>
            id="sso-rule-project"
            showSearch={{ optionFilterProp: 'label' }}
            loading={projects.isFetching}
            onChange={() => form.setFieldValue('roleCode', undefined)}
            options={(projects.data?.data ?? []).map((p) => ({ value: p.studyId, label: projectLabel(p) }))}
          />
        </Form.Item>
        <Form.Item
          name="roleCode"
          htmlFor="sso-rule-role"
          label={t('sso.role')}
          required
          rules={[schemaRule('roleCode', shape.roleCode)]}
        >
          <Select<string>
            id="sso-rule-role"
            disabled={!projectId}
            loading={roles.isFetching}
            options={(roles.data ?? []).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` }))}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
