import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { importServerBody } from '@edoc/contract/exchange-import';
import { isApiError } from '../../../lib/api-client';
import { showError } from '../../../lib/feedback';
import { schemaRule } from '../../../lib/form-rules';

/**
 * "Package on the server": a zip or folder under the server's import folder, named by an administrator, for packages
 * too large to upload through the browser. The server checks the path stays inside that folder.
 */
export function ServerPathForm(props: { pending: boolean; submit: (serverPath: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ serverPath: string }>();
  const onFinish = async ({ serverPath }: { serverPath: string }) => {
    try {
      await props.submit(serverPath);
      form.resetFields();
    } catch (error) {
      // Every refusal of this form is about the path (outside the folder, missing, not a package): said under it.
      if (isApiError(error)) form.setFields([{ name: 'serverPath', errors: [error.msg] }]);
      else showError(error);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)} id="exchange-import-server">
      <Typography.Paragraph type="secondary">{t('exchangeImport.server.hint')}</Typography.Paragraph>
      <Form.Item
        name="serverPath"
        label={t('exchangeImport.server.path')}
        rules={[schemaRule('serverPath', importServerBody.shape.serverPath, 'exchangeImport.server.path')]}
      >
        <Input id="exchange-import-server-path" placeholder="sponsor/trial-001.zip" />
      </Form.Item>
      <Button id="exchange-import-server-submit" htmlType="submit" loading={props.pending}>
        {t('exchangeImport.server.submit')}
      </Button>
    </Form>
  );
}
