import { useEffect } from 'react';
import { Checkbox, Col, Form, Input, Radio, Row } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import { useTranslation } from 'react-i18next';
import { TMF_LEVELS, tmfArtifactInput, type TmfArtifactInput, type TmfLevel } from '@edoc/contract/tmf-model';
import { Dialog } from '../../../components/dialog';
import { schemaRule, type Checkable } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { ArtifactRules, rulesToValues, valuesToRules, type RulesValues } from './artifact-rules';
import { NumberField } from './number-field';

/** The workflow stages an artifact's documents pass, as one group of boxes. */
export const STAGES = ['review', 'qc', 'approval'] as const;
type Stage = (typeof STAGES)[number];

interface ArtifactValues {
  number: string;
  nameEn: string;
  nameZh?: string;
  /** One sub-artifact a line, as the Reference Model's spreadsheet writes them. */
  subArtifacts?: string;
  levels: TmfLevel[];
  core: boolean;
  ichRef?: string;
  dateLabel?: string;
  stages: Stage[];
  rules?: RulesValues;
}

const lines = (text: unknown) =>
  typeof text === 'string'
    ? text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
    : [];

/** The contract's sub-artifact list rule, run on the lines typed. */
const subArtifactsCheck: Checkable = {
  safeParse: (value) => tmfArtifactInput.shape.subArtifacts.safeParse(lines(value)),
};

const shape = tmfArtifactInput.shape;

/**
 * The level boxes without the aria-required a required Form.Item hands its control: ARIA allows it on no group
 * (axe: aria-allowed-attr), and each box is named by its level; the asterisk stays on the label, the rule on submit.
 */
function LevelBoxes({
  'aria-required': _required,
  ...props
}: CheckboxGroupProps<TmfLevel> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group<TmfLevel> {...props} />;
}

function toValues(artifact: TmfArtifactInput | undefined, parent: string): ArtifactValues {
  if (!artifact)
    return { number: `${parent}.`, nameEn: '', levels: ['trial'], core: true, stages: [], rules: rulesToValues([]) };
  return {
    ...artifact,
    subArtifacts: artifact.subArtifacts.join('\n'),
    stages: STAGES.filter((stage) => artifact[stage]),
    rules: rulesToValues(artifact.rules),
  };
}

export interface ArtifactDialogState {
  /** The section's number. */
  parent: string;
  editing?: TmfArtifactInput;
}

interface ArtifactDialogProps {
  state: ArtifactDialogState | null;
  taken: Set<string>;
  onSubmit: (artifact: TmfArtifactInput) => void;
  onClose: () => void;
}

/** Adds or edits an artifact of a section: each field checked by the contract's artifact schema. */
export function ArtifactDialog({ state, taken, onSubmit, onClose }: ArtifactDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ArtifactValues>();
  useRevalidateOnLanguage(form);
  const levels = Form.useWatch('levels', form) ?? [];

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(toValues(state.editing, state.parent));
  }, [state, form]);

  const submit = (v: ArtifactValues) => {
    const optional = (text: string | undefined) => text?.trim() || undefined;
    // Only the levels still ticked keep a rule (the server refuses a rule at a level the artifact lacks).
    const rules = valuesToRules(
      v.rules,
      TMF_LEVELS.filter((level) => v.levels.includes(level)),
    );
    onSubmit({
      number: v.number.trim(),
      nameEn: v.nameEn.trim(),
      nameZh: optional(v.nameZh),
      subArtifacts: lines(v.subArtifacts),
      // In the order the model lists levels, whatever order they were ticked in.
      levels: TMF_LEVELS.filter((level) => v.levels.includes(level)),
      core: v.core,
      ichRef: optional(v.ichRef),
      dateLabel: optional(v.dateLabel),
      review: v.stages.includes('review'),
      qc: v.stages.includes('qc'),
      approval: v.stages.includes('approval'),
      ...(rules.length ? { rules } : {}),
    });
    onClose();
  };

  return (
    <Dialog
      open={state !== null}
      title={t(state?.editing ? 'tmfModel.edit.artifact' : 'tmfModel.addTitle.artifact')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'tmf-artifact-ok' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
      forceRender
    >
      <Form<ArtifactValues> form={form} name="tmfArtifactForm" layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <NumberField parent={state?.parent} taken={taken} labelKey="tmfModel.number" />
          </Col>
          <Col xs={24} md={14}>
            <Form.Item
              name="nameEn"
              label={t('tmfModel.nameEn')}
              required
              rules={[schemaRule('nameEn', shape.nameEn, 'tmfModel.nameEn')]}
            >
              <Input maxLength={256} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="nameZh"
          label={t('tmfModel.nameZh')}
          rules={[schemaRule('nameZh', shape.nameZh, 'tmfModel.nameZh')]}
        >
          <Input maxLength={256} />
        </Form.Item>
        <Form.Item
          name="subArtifacts"
          label={t('tmfModel.subArtifacts')}
          extra={t('tmfModel.subArtifactsHint')}
          rules={[schemaRule('subArtifacts', subArtifactsCheck, 'tmfModel.subArtifacts')]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="levels"
              label={t('tmfModel.levels')}
              required
              rules={[schemaRule('levels', shape.levels, 'tmfModel.levels')]}
            >
              <LevelBoxes
                options={TMF_LEVELS.map((level) => ({ value: level, label: t(`tmfModel.level.${level}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="core" label={t('tmfModel.coreOrRecommended')}>
              <Radio.Group
                options={[
                  { value: true, label: t('tmfModel.core') },
                  { value: false, label: t('tmfModel.recommended') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="ichRef"
              label={t('tmfModel.ichRef')}
              rules={[schemaRule('ichRef', shape.ichRef, 'tmfModel.ichRef')]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="dateLabel"
              label={t('tmfModel.dateLabel')}
              rules={[schemaRule('dateLabel', shape.dateLabel, 'tmfModel.dateLabel')]}
            >
              <Input maxLength={256} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="stages" label={t('tmfModel.stages')}>
          <Checkbox.Group options={STAGES.map((stage) => ({ value: stage, label: t(`tmfModel.stage.${stage}`) }))} />
        </Form.Item>
        <ArtifactRules levels={TMF_LEVELS.filter((level) => levels.includes(level))} />
      </Form>
    </Dialog>
  );
}
