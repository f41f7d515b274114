import { useEffect } from 'react';
import { Alert, Button, Descriptions, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SsoProviderBody } from '@edoc/contract/sso';
import { errorText } from '../../../lib/feedback';
import { useTestSsoIssuer } from '../api';

/**
 * "Test discovery" beside the issuer: the server fetches the issuer's discovery document and answers what edoc will
 * use (endpoints, PKCE S256, the claims it offers), so the administrator sees the provider's answer before saving.
 */
export function DiscoveryTest({ form, open }: { form: FormInstance<SsoProviderBody>; open: boolean }) {
  const { t } = useTranslation();
  const test = useTestSsoIssuer();
  const issuer = Form.useWatch('issuer', form);
  const { reset } = test;
  // Another issuer, or the dialog opened again: the last answer no longer applies.
  useEffect(() => reset(), [issuer, open, reset]);

  const run = () =>
    void form
      .validateFields(['issuer'])
      .then(({ issuer: value }) => test.mutate(value))
      .catch(() => undefined);

  const answer = test.data;
  return (
    <Form.Item>
      <Button id="sso-test-discovery" onClick={run} loading={test.isPending}>
        {t('sso.testDiscovery')}
      </Button>
      {test.isError && (
        <Alert id="sso-discovery-result" style={{ marginTop: 8 }} type="error" showIcon title={errorText(test.error)} />
      )}
      {answer && (
        <Alert
          id="sso-discovery-result"
          style={{ marginTop: 8 }}
          type={answer.pkceS256 ? 'success' : 'warning'}
          showIcon
          title={answer.pkceS256 ? t('sso.discoveryAnswered') : t('sso.discoveryNoPkce')}
          description={
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('sso.issuer')}>{answer.issuer}</Descriptions.Item>
              <Descriptions.Item label={t('sso.authorizationEndpoint')}>
                {answer.authorizationEndpoint ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('sso.tokenEndpoint')}>{answer.tokenEndpoint ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('sso.claimsSupported')}>
                {answer.claimsSupported.join(', ') || '—'}
              </Descriptions.Item>
            </Descriptions>
          }
        />
      )}
    </Form.Item>
  );
}
