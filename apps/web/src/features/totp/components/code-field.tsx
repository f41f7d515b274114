import { Form, Input } from 'antd';
import { totpCodeField } from '@edoc/contract/totp';
import { digitsInput, schemaRule } from '../../../lib/form-rules';

/** The six-digit code from the authenticator app, under the form's `code` (digits only, as the app shows them). */
export function CodeField({ id, label, name = 'code' }: { id: string; label: string; name?: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      htmlFor={id}
      normalize={digitsInput}
      rules={[schemaRule('totpCode', totpCodeField)]}
    >
      <Input id={id} name={name} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
    </Form.Item>
  );
}
