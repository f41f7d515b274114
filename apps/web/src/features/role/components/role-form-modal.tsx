import { useEffect } from 'react';
import { Alert, App, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from '@edoc/contract/enums';
import { isAdministratorRole, roleBody, type RoleBody, type RoleItem } from '@edoc/contract/role';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSaveRole } from '../api';
import { Dialog } from '../../../components/dialog';

interface RoleFormValues {
  code: string;
  name: string;
  description?: string;
  docKeys: string[];
  libraryKeys: string[];
}

interface RoleFormModalProps {
  open: boolean;
  /** The role being edited; undefined creates one. */
  role?: RoleItem;
  onClose: () => void;
}

/** A role's code, name, description and its document and library keys (Authorization Configuration). */
export function RoleFormModal({ open, role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleFormValues>();
  useRevalidateOnLanguage(form);
  // Built-in codes are read by the system; STU_PM keeps every key (the server refuses otherwise).
  const codeLocked = !!role?.builtin;
  const keysLocked = !!role && isAdministratorRole(role.code);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      role
        ? {
            code: role.code,
            name: role.name,
            description: role.description ?? '',
            docKeys: role.docKeys,
            libraryKeys: role.libraryKeys,
          }
        : { code: '', name: '', description: '', docKeys: ['viewDoc'], libraryKeys: ['viewDoc'] },
    );
  }, [open, role, form]);

  // The form shows a refusal beside its field, so the query client does not toast it too.
  const save = useSaveRole({ silentError: true });
  const submit = (values: RoleFormValues) => {
    const body = {
      code: values.code.trim(),
      name: values.name.trim(),
      description: values.description?.trim() || undefined,
      docKeys: values.docKeys ?? [],
      libraryKeys: values.libraryKeys ?? [],
    } as RoleBody;
    save.mutate(
      { roleId: role?.roleId, body },
      {
        onSuccess: () => {
          void message.success(role ? t('common.saved') : t('role.created'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { role_code_exists: 'code' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      width={640}
      title={role ? t('role.editTitle', { name: role.name }) : t('role.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'role-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {keysLocked && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('role.pmLocked')} id="role-pm-locked" />
      )}
      <Form<RoleFormValues> form={form} name="roleForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="code"
          label={t('role.code')}
          required
          extra={codeLocked ? undefined : t('role.codeHelp')}
          rules={[schemaRule('code', roleBody.shape.code, 'role.code')]}
        >
          <Input name="code" disabled={codeLocked} autoFocus={!codeLocked} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('role.name')}
          required
          rules={[schemaRule('name', roleBody.shape.name, 'role.name')]}
        >
          <Input name="name" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('role.description')}
          rules={[schemaRule('description', roleBody.shape.description, 'role.description')]}
        >
          <Input.TextArea name="description" rows={2} />
        </Form.Item>
        <Form.Item name="docKeys" label={t('role.docKeys')}>
          <Checkbox.Group
            disabled={keysLocked}
            options={DOC_PERMISSION_KEYS.map((key) => ({ value: key, label: t(`role.docKey.${key}`) }))}
          />
        </Form.Item>
        <Form.Item name="libraryKeys" label={t('role.libraryKeys')}>
          <Checkbox.Group
            disabled={keysLocked}
            options={LIBRARY_PERMISSION_KEYS.map((key) => ({ value: key, label: t(`role.libraryKey.${key}`) }))}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
