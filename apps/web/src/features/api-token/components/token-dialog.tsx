import { useEffect } from 'react';
import { Checkbox, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_SCOPES, TOKEN_MAX_DAYS, apiTokenCreateBody, type ApiTokenScope } from '@edoc/contract/api-token';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { serverFieldIssues, showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { scopeKey, useCreateApiToken, useMyProjects } from '../api';

interface Values {
  name: string;
  expires: Dayjs;
  scopes: ApiTokenScope[];
  projectIds: number[];
}

const shape = apiTokenCreateBody.shape;
const FIELDS = ['name', 'scopes', 'projectIds'] as const;
/** The server's limit is a year and a day (TOKEN_MAX_DAYS): the picker offers a year, so a clock apart never refuses. */
const lastDay = () => dayjs().add(TOKEN_MAX_DAYS - 1, 'day');

interface TokenDialogProps {
  open: boolean;
  /** A service account's id (its administrator makes the token); undefined: the caller's own. */
  userId?: number;
  onClose: () => void;
  /** The new token's secret, which the caller shows once. */
  onCreated: (token: string) => void;
}

/**
 * A new API token: its name, the last day it works (at most a year ahead), its scopes, each with what it allows, and
 * for one's own token the projects it may enter (none chosen: all of the owner's).
 */
export function TokenDialog({ open, userId, onClose, onCreated }: TokenDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const create = useCreateApiToken({ silentError: true });
  const own = userId === undefined;
  const projects = useMyProjects(open && own);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name: '', expires: dayjs().add(90, 'day'), scopes: [], projectIds: [] });
  }, [open, form]);

  const submit = (values: Values) => {
    const body = {
      name: values.name.trim(),
      expiresAt: values.expires.endOf('day').toISOString(),
      scopes: values.scopes,
      projectIds: values.projectIds.length ? values.projectIds : null,
      userId,
    };
    create.mutate(body, {
      onSuccess: (answer) => {
        onClose();
        onCreated(answer.token);
      },
      onError: (error) => {
        const issues = serverFieldIssues(error).filter((i) => FIELDS.some((f) => f === i.field));
        if (issues.length) {
          form.setFields(issues.map((i) => ({ name: i.field as keyof Values, errors: [i.message] })));
          return;
        }
        showServerError(form, error, { token_expiry_too_far: 'expires' });
      },
    });
  };

  return (
    <Dialog
      open={open}
      title={t('apiToken.createTitle')}
      okText={t('apiToken.create')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'api-token-dialog-ok' }}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={640}
    >
      <Form<Values> form={form} name="api-token-form" layout="vertical" onFinish={submit}>
        <Form.Item name="name" label={t('apiToken.name')} required rules={[schemaRule('name', shape.name)]}>
          <Input maxLength={100} autoComplete="off" placeholder={t('apiToken.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="expires"
          label={t('apiToken.expires')}
          extra={t('apiToken.expiresHint')}
          rules={[{ required: true, message: t('apiToken.expiresRequired') }]}
        >
          {/* No id of its own: the Form.Item's id is what its label points at. */}
          <DatePicker
            allowClear={false}
            disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(lastDay(), 'day')}
          />
        </Form.Item>
        <Form.Item name="scopes" label={t('apiToken.scopes')} required rules={[schemaRule('scopes', shape.scopes)]}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Space orientation="vertical" size={4}>
              {API_TOKEN_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} id={`api-token-scope-${scopeKey(scope)}`}>
                  {t(`apiToken.scope.${scopeKey(scope)}`)}{' '}
                  <Typography.Text type="secondary">— {t(`apiToken.scopeMeaning.${scopeKey(scope)}`)}</Typography.Text>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
        {own && (
          <Form.Item name="projectIds" label={t('apiToken.projects')} extra={t('apiToken.projectsHint')}>
            <Select
              mode="multiple"
              allowClear
              loading={projects.isLoading}
              optionFilterProp="label"
              placeholder={t('apiToken.allProjects')}
              options={(projects.data?.data ?? []).map((p) => ({ value: p.study_id, label: p.study_name }))}
            />
          </Form.Item>
        )}
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
