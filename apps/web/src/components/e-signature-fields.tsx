import { Alert, Checkbox, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@edoc/contract/errors';
import { passwordInput } from '@edoc/contract/fields';
import { totpCodeField } from '@edoc/contract/totp';
import type { ESignatureInput } from '@edoc/contract/workflow-requests';
import type { ESignatureMeaning } from '@edoc/contract/workflow';
import { isApiError } from '../lib/api-client';
import { currentLang } from '../lib/i18n';
import { digitsInput, schemaRule } from '../lib/form-rules';
import { SsoReauth, type SsoSigning } from './sso-reauth';

/** The form values of ESignatureFields, under the form's `signature` name. */
export interface ESignatureValues {
  email?: string;
  password?: string;
  /** An SSO account's one-use proof of a fresh authentication, in place of the password (issue 29 part 2). */
  ssoProof?: string;
  /** The authenticator app's code of a signer with a second factor (issue 29 part 3). */
  totpCode?: string;
  confirmed: boolean;
}

/**
 * The Part 11 signing fields (21 CFR 11.200): the password again — with the e-mail at the first signing of a
 * session — and the confirmation tick. The meaning is the stage's, shown, never chosen. Used by the viewer's
 * decision dialog and by batch passing on the home page.
 */
export function ESignatureFields({
  meaning,
  needsEmail,
  sso,
  totp,
}: {
  meaning: ESignatureMeaning;
  needsEmail: boolean;
  /** An SSO account's fresh authentication (features/sso useSsoSigning), asked instead of the password. */
  sso?: SsoSigning;
  /** The signer has a second factor (features/totp useSignerFactor): its code is asked with the password. */
  totp?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t(`eSignature.meaning.${meaning}`)}
        // An SSO account confirms with its fresh authentication at the provider, not a password (issue 29 part 2).
        description={t(sso ? 'eSignature.statementSso' : 'eSignature.statement', { label: sso?.label })}
      />
      {needsEmail && (
        <Form.Item
          name={['signature', 'email']}
          label={t('eSignature.email')}
          rules={[{ required: true, message: t('eSignature.emailRequired') }]}
        >
          <Input name="signature-email" autoComplete="username" />
        </Form.Item>
      )}
      {sso ? (
        <Form.Item
          name={['signature', 'ssoProof']}
          label={t('sso.reauthLabel')}
          extra={t('sso.reauthHint')}
          rules={[{ required: true, message: t('sso.reauthRequired', { label: sso.label }) }]}
        >
          <SsoReauth sso={sso} />
        </Form.Item>
      ) : (
        <Form.Item
          name={['signature', 'password']}
          label={t('eSignature.password')}
          rules={[schemaRule('password', passwordInput)]}
        >
          <Input.Password name="signature-password" autoComplete="current-password" />
        </Form.Item>
      )}
      {totp && !sso && (
        <Form.Item
          name={['signature', 'totpCode']}
          label={t('eSignature.totpCode')}
          normalize={digitsInput}
          rules={[schemaRule('totpCode', totpCodeField)]}
        >
          <Input name="signature-totp-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
      )}
      <Form.Item
        name={['signature', 'confirmed']}
        valuePropName="checked"
        rules={[
          {
            validator: async (_r, v: unknown) => {
              if (v !== true) throw new Error(errorMessage('signature_not_confirmed', currentLang()));
            },
          },
        ]}
      >
        <Checkbox name="signature-confirmed">{t('eSignature.confirm')}</Checkbox>
      </Form.Item>
    </>
  );
}

/** The request's signature from the form's values, with the signer's time zone (shown on the signature page). */
export function eSignatureOf(values: ESignatureValues): ESignatureInput {
  return {
    email: values.email,
    password: values.password,
    ssoProof: values.ssoProof,
    totpCode: values.totpCode,
    confirmed: true,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** Which signing field each refusal of the signer's proof belongs under, where it is corrected. */
const FIELD_OF_REFUSAL: Partial<Record<string, keyof ESignatureValues>> = {
  wrong_password: 'password',
  totp_code_wrong: 'totpCode',
  sso_proof_invalid: 'ssoProof',
};

/**
 * After the server refused a signing: an SSO proof is dropped whatever the reason, as the server spends it when it
 * checks it and a second attempt with it is refused — the user authenticates at the provider again; a refusal of
 * the password, the code or the proof goes under its field. Returns whether it did; the dialog shows any other.
 */
export function placeSigningRefusal<T>(form: FormInstance<T>, error: unknown): boolean {
  const field = isApiError(error) && error.errorCode ? FIELD_OF_REFUSAL[error.errorCode] : undefined;
  const errors = field && isApiError(error) ? [error.msg] : [];
  // A field given no value keeps what was typed (rc-field-form sets a value only when the key is there).
  const fields: { name: string[]; value?: undefined; errors: string[] }[] = [
    { name: ['signature', 'ssoProof'], value: undefined, errors: field === 'ssoProof' ? errors : [] },
  ];
  if (field && field !== 'ssoProof') fields.push({ name: ['signature', field], errors });
  form.setFields(fields as never);
  return field !== undefined;
}
