import { AutoComplete, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectSettingsBody } from '@edoc/contract/project';
import { schemaRule } from '../../../lib/form-rules';

// The settings a project's company administrator and its project administrator both edit (the project form and
// /manage/study): one definition of each field, its rule and its element id (`<form name>_<field>`).

const shape = projectSettingsBody.shape;
const PHASES = ['I', 'II', 'III', 'IV', 'BE'];
const COMMON_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'jpg', 'jpeg', 'png', 'txt', 'csv', 'zip'];

/** File extensions as the server keeps them: lower case, no dot, no repeats. */
export function normalizeTypes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const cleaned = value.map((v) => String(v).trim().replace(/^\.+/, '').toLowerCase()).filter((v) => v !== '');
  return Array.from(new Set(cleaned));
}

/** A trimmed text, or undefined when nothing is left. */
export const optionalText = (value: string | undefined) => value?.trim() || undefined;

export function PhaseField({ form }: { form: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="phase" label={t('fields.phase')} rules={[schemaRule('phase', shape.phase)]}>
      <AutoComplete id={`${form}_phase`} options={PHASES.map((p) => ({ value: p }))} />
    </Form.Item>
  );
}

export function VersionConventionField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="versionConvention"
      label={t('fields.versionConvention')}
      rules={[schemaRule('versionConvention', shape.versionConvention)]}
    >
      <Input name="versionConvention" placeholder={t('project.versionConventionPlaceholder')} />
    </Form.Item>
  );
}

export function DescriptionField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="description"
      label={t('fields.description')}
      rules={[schemaRule('description', shape.description)]}
    >
      <Input.TextArea name="description" rows={3} />
    </Form.Item>
  );
}

export function IdleMinutesField({ form }: { form: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="idleMinutes"
      label={t('fields.idleMinutes')}
      required
      extra={t('project.idleMinutesHelp')}
      rules={[schemaRule('idleMinutes', shape.idleMinutes.unwrap())]}
    >
      <InputNumber id={`${form}_idleMinutes`} min={1} max={1440} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

export function PageSizeField({ form }: { form: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="pageSize"
      label={t('fields.pageSize')}
      required
      rules={[schemaRule('pageSize', shape.pageSize.unwrap())]}
    >
      <InputNumber id={`${form}_pageSize`} min={5} max={200} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

export function AllowedTypesField({ form }: { form: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="allowedFileTypes"
      label={t('fields.allowedFileTypes')}
      extra={t('project.allowedFileTypesHelp')}
      normalize={normalizeTypes}
      rules={[schemaRule('allowedFileTypes', shape.allowedFileTypes.unwrap())]}
    >
      <Select<string[]>
        id={`${form}_allowedFileTypes`}
        mode="tags"
        tokenSeparators={[',', ' ', ';']}
        options={COMMON_TYPES.map((type) => ({ value: type, label: type }))}
      />
    </Form.Item>
  );
}

/** The review / QC / approval switches (and the library tree flag where the company administrator sets it). */
export const PROCESS_SWITCHES = ['reviewOpen', 'qcOpen', 'approveOpen'] as const;

export function SwitchField({ form, name }: { form: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(`fields.${name}`)} valuePropName="checked">
      <Switch id={`${form}_${name}`} />
    </Form.Item>
  );
}
