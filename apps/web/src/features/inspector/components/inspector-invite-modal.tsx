import { useEffect } from 'react';
import { App, DatePicker, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { errorMessage } from '@edoc/contract/errors';
import { inspectorInviteBody, type InspectorItem } from '@edoc/contract/inspector';
import { EnterSubmits } from '../../../components/enter-submits';
import { serverFieldIssues, showServerError } from '../../../lib/form-errors';
import { schemaRule, trimInput } from '../../../lib/form-rules';
import { currentLang } from '../../../lib/i18n';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useInviteInspector } from '../api';
import { Dialog } from '../../../components/dialog';

interface InviteValues {
  email: string;
  userName: string;
  period: [Dayjs, Dayjs] | null;
  canDownload: boolean;
}

const DAY = 'YYYY-MM-DD';

/** Where the server's field names show on this form: both dates belong to the one range picker. */
const FORM_FIELD: Record<string, keyof InviteValues> = {
  email: 'email',
  userName: 'userName',
  startsOn: 'period',
  endsOn: 'period',
  canDownload: 'canDownload',
};

/** Refusals that are about one field without naming it in the answer's data. */
const FIELD_OF_CODE = {
  inspector_is_member: 'email',
  inspector_other_company: 'email',
  start_after_end: 'period',
} as const;

interface InspectorInviteModalProps {
  open: boolean;
  /** An invitation whose dates and download grant change (the server matches it by e-mail); undefined invites. */
  inspector?: InspectorItem;
  onClose: () => void;
}

export function InspectorInviteModal({ open, inspector, onClose }: InspectorInviteModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InviteValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      inspector
        ? {
            email: inspector.email,
            userName: inspector.userName,
            period: [dayjs(inspector.startsOn), dayjs(inspector.endsOn)],
            canDownload: inspector.canDownload,
          }
        : { email: '', userName: '', period: null, canDownload: false },
    );
  }, [open, inspector, form]);

  // The form shows a refusal beside its field, so the query client does not toast it too.
  const invite = useInviteInspector({ silentError: true });
  const showError = (error: unknown) => {
    const byField = new Map<keyof InviteValues, string[]>();
    for (const issue of serverFieldIssues(error)) {
      const name = FORM_FIELD[issue.field];
      if (name) byField.set(name, [...(byField.get(name) ?? []), issue.message]);
    }
    if (byField.size) form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
    else showServerError(form, error, FIELD_OF_CODE);
  };

  const submit = (values: InviteValues) => {
    if (!values.period) return;
    const body = {
      email: values.email.trim(),
      userName: values.userName.trim(),
      startsOn: values.period[0].format(DAY),
      endsOn: values.period[1].format(DAY),
      canDownload: values.canDownload,
    };
    invite.mutate(body, {
      onSuccess: (answer) => {
        const done = inspector
          ? t('inspector.changed', { name: body.userName })
          : t(answer.newAccount ? 'inspector.invitedNewAccount' : 'inspector.invited', { email: body.email });
        void message.success(done);
        onClose();
      },
      onError: showError,
    });
  };

  const periodRequired = {
    validator: async (_rule: unknown, value: InviteValues['period']) => {
      if (!value?.[0] || !value[1]) {
        throw new Error(errorMessage('required_choice', currentLang(), { field: t('inspector.period') }));
      }
    },
  };

  return (
    <Dialog
      open={open}
      title={inspector ? t('inspector.changeTitle') : t('inspector.inviteTitle')}
      okText={inspector ? t('common.save') : t('inspector.invite')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'inspector-form-ok' }}
      confirmLoading={invite.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<InviteValues> form={form} name="inspectorForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="email"
          label={t('fields.email')}
          required
          normalize={trimInput}
          extra={inspector ? undefined : t('inspector.emailHelp')}
          rules={[schemaRule('email', inspectorInviteBody.shape.email)]}
        >
          {/* The server finds the invitation by its e-mail: another one would invite someone else. */}
          <Input name="email" autoFocus={!inspector} disabled={Boolean(inspector)} />
        </Form.Item>
        <Form.Item
          name="userName"
          label={t('fields.userName')}
          required
          rules={[schemaRule('userName', inspectorInviteBody.shape.userName)]}
        >
          <Input name="userName" />
        </Form.Item>
        <Form.Item
          htmlFor="inspector-period"
          name="period"
          label={t('inspector.period')}
          required
          extra={t('inspector.periodHelp')}
          rules={[periodRequired]}
        >
          <DatePicker.RangePicker
            id="inspector-period"
            // An empty end is the rule's to refuse (periodRequired): without allowEmpty the picker held the focus in
            // an empty start field, so Tab never left it (a keyboard trap, issue 31).
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            placeholder={[t('inspector.startsOn'), t('inspector.endsOn')]}
          />
        </Form.Item>
        <Form.Item
          htmlFor="inspector-can-download"
          name="canDownload"
          label={t('inspector.canDownload')}
          valuePropName="checked"
          extra={t('inspector.canDownloadHelp')}
        >
          <Switch id="inspector-can-download" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
