import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MILESTONE_LEVELS,
  milestoneTypeBody,
  type MilestoneLevel,
  type MilestoneTypeItem,
} from '@edoc/contract/milestone';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { serverFieldIssues, showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSaveMilestoneType } from '../api';

interface Values {
  code: string;
  nameZh: string;
  nameEn: string;
  level?: MilestoneLevel;
  position?: number;
}

const FIELDS: ReadonlyArray<keyof Values> = ['code', 'nameZh', 'nameEn', 'level', 'position'];
const shape = milestoneTypeBody.shape;

interface MilestoneTypeDialogProps {
  open: boolean;
  /** One of the company's own types being changed; undefined creates one. */
  type?: MilestoneTypeItem;
  /** A new type's proposed position: after every listed one. */
  nextPosition: number;
  onClose: () => void;
}

/**
 * A company's milestone type: code, names in both languages, level and position, each checked by the contract's
 * schema as the server checks it. The code is fixed once created: the TMF models' due rules and the exports name a
 * type by its code, so a new code would leave them naming none (the server would take it; the page does not offer
 * it). A new level is refused while a project has dated the type: that refusal, like a repeated code, is put under
 * its field.
 */
export function MilestoneTypeDialog({ open, type, nextPosition, onClose }: MilestoneTypeDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const save = useSaveMilestoneType({ silentError: true });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      type
        ? { code: type.code, nameZh: type.nameZh, nameEn: type.nameEn, level: type.level, position: type.position }
        : { code: '', nameZh: '', nameEn: '', level: undefined, position: nextPosition },
    );
  }, [open, type, nextPosition, form]);

  const submit = (values: Values) => {
    const body = milestoneTypeBody.parse(values);
    save.mutate(
      { id: type?.id, body },
      {
        onSuccess: () => {
          void message.success(type ? t('common.saved') : t('milestoneType.created'));
          onClose();
        },
        onError: (error) => {
          const issues = serverFieldIssues(error).filter((i) => FIELDS.some((f) => f === i.field));
          if (issues.length) {
            form.setFields(issues.map((i) => ({ name: i.field as keyof Values, errors: [i.message] })));
            return;
          }
          showServerError(form, error, { milestone_type_code_exists: 'code', milestone_type_in_use: 'level' });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={type ? t('milestoneType.editTitle', { code: type.code }) : t('milestoneType.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'milestone-type-dialog-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<Values> form={form} name="milestone-type-form" layout="vertical" onFinish={submit}>
        <Form.Item
          name="code"
          label={t('milestoneType.code')}
          extra={type ? t('milestoneType.codeFixed') : t('milestoneType.codeHint')}
          required
          rules={[schemaRule('code', shape.code, 'milestoneType.code')]}
        >
          <Input maxLength={64} autoFocus={!type} autoComplete="off" disabled={type !== undefined} />
        </Form.Item>
        <Form.Item
          name="nameZh"
          label={t('milestoneType.nameZh')}
          required
          rules={[schemaRule('nameZh', shape.nameZh, 'milestoneType.nameZh')]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('milestoneType.nameEn')}
          required
          rules={[schemaRule('nameEn', shape.nameEn, 'milestoneType.nameEn')]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item
          name="level"
          label={t('milestoneType.level')}
          extra={type ? t('milestoneType.levelHint') : undefined}
          required
          rules={[schemaRule('level', shape.level, 'milestoneType.level')]}
        >
          <Select<MilestoneLevel>
            placeholder={t('milestoneType.levelPlaceholder')}
            options={MILESTONE_LEVELS.map((level) => ({ value: level, label: t(`milestoneType.levels.${level}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="position"
          label={t('milestoneType.position')}
          extra={t('milestoneType.positionHint')}
          required
          rules={[schemaRule('position', shape.position, 'milestoneType.position')]}
        >
          <InputNumber<number> min={0} max={10_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
