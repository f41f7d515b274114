import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { tmfZoneInput } from '@edoc/contract/tmf-model';
import { schemaRule } from '../../../lib/form-rules';

interface NumberFieldProps {
  /** The zone's number for a section, the section's for an artifact; none for a zone. */
  parent?: string;
  /** The numbers the model already uses (the edited row's own left out). */
  taken: Set<string>;
  labelKey: string;
}

/**
 * A zone's, section's or artifact's number: the contract's pattern, then the two rules the server checks on the whole
 * model, checked here as the user types so a dialog does not close on a number the save would refuse: a number is
 * its parent's, a dot and one more part (a zone's is one part), and no two rows share one. The rule is said beside the field before any
 * mistake.
 */
export function NumberField({ parent, taken, labelKey }: NumberFieldProps) {
  const { t } = useTranslation();
  const placement: FormRule = {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !value.trim()) return;
      const number = value.trim();
      // One more part than the parent's: "01.02" under "01", never "01.02.03" (that is an artifact's).
      const own =
        parent === undefined ? number : number.startsWith(`${parent}.`) ? number.slice(parent.length + 1) : null;
      if (own === null || own.includes('.'))
        throw new Error(parent === undefined ? t('tmfModel.zoneNumberOnePart') : t('tmfModel.numberUnder', { parent }));
      if (taken.has(number)) throw new Error(t('tmfModel.numberTaken', { number }));
    },
  };
  return (
    <Form.Item
      name="number"
      label={t(labelKey)}
      required
      extra={parent === undefined ? t('tmfModel.zoneNumberHint') : t('tmfModel.numberHint', { parent })}
      rules={[schemaRule('number', tmfZoneInput.shape.number, labelKey), placement]}
    >
      <Input maxLength={16} autoComplete="off" />
    </Form.Item>
  );
}
