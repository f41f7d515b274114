import { useEffect } from 'react';
import { Form, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '@edoc/contract/folder';
import { requiredRule } from '../lib/form-rules';
import { useRevalidateOnLanguage } from '../lib/use-revalidate-on-language';
import { EnterSubmits } from './enter-submits';
import { FolderSelect, type Choosable } from './folder-select';
import { Dialog } from './dialog';

/**
 * Asks for a folder of a tree, among those `choosable` allows (a workspace move or restore: where the caller may
 * create documents; a library record: the library folders the caller may file into). `rules` add checks of the
 * choice (e.g. not the folder it is in). Cancel closes; `afterClose` may put the focus back where the action began.
 */
export function FolderPickModal(props: {
  open: boolean;
  title: string;
  roots: FolderNode[];
  choosable: Choosable;
  label: string;
  selectId: string;
  okId: string;
  pending: boolean;
  rules?: FormRule[];
  extra?: React.ReactNode;
  onPick: (folderId: number) => void;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ folderId?: number }>();
  useRevalidateOnLanguage(form);
  const { open } = props;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Dialog
      open={props.open}
      title={props.title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: props.okId }}
      confirmLoading={props.pending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      afterClose={props.afterClose}
      forceRender
    >
      <Form form={form} name={`${props.okId}-form`} layout="vertical" onFinish={(v) => props.onPick(v.folderId!)}>
        <Form.Item
          name="folderId"
          label={props.label}
          required
          extra={props.extra}
          rules={[requiredRule(props.label), ...(props.rules ?? [])]}
        >
          <FolderSelect id={props.selectId} roots={props.roots} choosable={props.choosable} />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
