import { Col, Form, Input, Row, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasBindings, hasFolders, hasGroups, templateBody, type TemplateItem } from '@edoc/contract/template';
import { schemaRule } from '../../../lib/form-rules';
import { FolderTreeEditor } from './folder-tree-editor';
import { TemplateBindingList } from './template-binding-list';
import { TemplateGroupList } from './template-group-list';
import { useTemplateForm, type TemplateFormValues } from './use-template-form';
import { Dialog } from '../../../components/dialog';

interface TemplateFormModalProps {
  open: boolean;
  /** The types this page keeps: [1] for user-group templates, [2, 3, 4] for directory templates. */
  types: number[];
  /** The template being edited or viewed; undefined creates one. */
  template?: TemplateItem;
  onClose: () => void;
}

/** Creates, edits or (a shipped one) shows a template: name and type, then the parts its type carries. */
export function TemplateFormModal({ open, types, template, onClose }: TemplateFormModalProps) {
  const { t } = useTranslation();
  const { form, folders, setFolders, type, groupNames, loading, saving, submit } = useTemplateForm(
    open,
    types,
    template,
    onClose,
  );
  const readOnly = template?.shipped ?? false;

  return (
    <Dialog
      open={open}
      title={readOnly ? t('template.viewTitle') : template ? t('template.editTitle') : t('template.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'template-form-ok', style: readOnly ? { display: 'none' } : undefined }}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={960}
      forceRender
    >
      <Spin spinning={loading}>
        <Form<TemplateFormValues>
          form={form}
          name="templateForm"
          layout="vertical"
          disabled={readOnly}
          onFinish={submit}
        >
          <Row gutter={16}>
            <Col xs={24} md={types.length > 1 ? 16 : 24}>
              <Form.Item
                name="name"
                label={t('template.name')}
                required
                rules={[schemaRule('name', templateBody.shape.name, 'template.name')]}
              >
                <Input name="name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8} hidden={types.length === 1}>
              <Form.Item name="type" label={t('template.type')}>
                <Select<number>
                  id="templateForm_type"
                  options={types.map((ty) => ({ value: ty, label: t(`template.types.${ty}`) }))}
                />
              </Form.Item>
            </Col>
          </Row>
          {hasFolders(type) && <FolderTreeEditor value={folders} onChange={setFolders} readOnly={readOnly} />}
          {hasGroups(type) && <TemplateGroupList />}
          {hasBindings(type) && <TemplateBindingList groupNames={groupNames} folders={folders} />}
        </Form>
      </Spin>
    </Dialog>
  );
}
