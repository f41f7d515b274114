import { useEffect, useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Col, Divider, Form, Input, Modal, Row, Select, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from '@edoc/contract/enums';
import {
  hasBindings,
  hasFolders,
  hasGroups,
  templateBody,
  type TemplateBody,
  type TemplateFolderInput,
  type TemplateItem,
} from '@edoc/contract/template';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useSession } from '../../../lib/session';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { createTemplate, getTemplate, templateKeys, updateTemplate } from '../api';
import { FolderTreeEditor, folderPathOptions } from './folder-tree-editor';

interface BindingValues {
  group?: string;
  folderPath?: string;
  docKeys: string[];
  libraryKeys: string[];
  manageLevel: number;
}

interface TemplateFormValues {
  name: string;
  type: number;
  groups: Array<{ name: string; description?: string }>;
  bindings: BindingValues[];
}

interface TemplateFormModalProps {
  open: boolean;
  /** The types this page keeps: [1] for user-group templates, [2, 3, 4] for directory templates. */
  types: number[];
  /** The template being edited or viewed; undefined creates one. */
  template?: TemplateItem;
  onClose: () => void;
}

const SEP = '\u0000';

export function TemplateFormModal({ open, types, template, onClose }: TemplateFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const session = useSession();
  const [form] = Form.useForm<TemplateFormValues>();
  useRevalidateOnLanguage(form);
  const [folders, setFolders] = useState<TemplateFolderInput[]>([]);
  const readOnly = template?.shipped ?? false;
  const type = Form.useWatch('type', form) ?? types[0];
  const groupNames = (Form.useWatch('groups', form) ?? []).map((g) => g?.name).filter(Boolean);

  const detail = useQuery({
    queryKey: templateKeys.detail(session.companyId, template?.id ?? 0),
    queryFn: () => getTemplate(template!.id),
    enabled: open && !!template,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const d = template ? detail.data : undefined;
    if (template && !d) return;
    setFolders(d?.folders ?? []);
    form.setFieldsValue({
      name: d?.name ?? '',
      type: d?.type ?? types[0],
      groups: d?.groups ?? [],
      bindings: (d?.bindings ?? []).map((b) => ({ ...b, folderPath: b.folderPath.join(SEP) })),
    });
  }, [open, template, detail.data, form, types]);

  const save = useMutation({
    mutationFn: (v: TemplateFormValues) => {
      const body: TemplateBody = {
        name: v.name.trim(),
        type: v.type,
        folders: hasFolders(v.type) ? folders : [],
        groups: hasGroups(v.type)
          ? (v.groups ?? []).map((g) => ({ name: g.name.trim(), description: g.description?.trim() || undefined }))
          : [],
        bindings: hasBindings(v.type)
          ? (v.bindings ?? []).map((b) => ({
              group: b.group ?? '',
              folderPath: (b.folderPath ?? '').split(SEP),
              docKeys: b.docKeys as TemplateBody['bindings'][number]['docKeys'],
              libraryKeys: b.libraryKeys as TemplateBody['bindings'][number]['libraryKeys'],
              manageLevel: b.manageLevel,
            }))
          : [],
      };
      return template ? updateTemplate(template.id, body) : createTemplate(body);
    },
    meta: { silentError: true },
    onSuccess: async () => {
      void message.success(t('common.saved'));
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      onClose();
    },
    onError: (error) => showServerError(form, error, { template_name_exists: 'name' }),
  });

  const keyOptions = (keys: readonly string[]) => keys.map((k) => ({ value: k, label: t(`template.keys.${k}`) }));

  return (
    <Modal
      open={open}
      title={readOnly ? t('template.viewTitle') : template ? t('template.editTitle') : t('template.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'template-form-ok', style: readOnly ? { display: 'none' } : undefined }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={960}
      forceRender
    >
      <Spin spinning={!!template && detail.isFetching}>
        <Form<TemplateFormValues>
          form={form}
          name="templateForm"
          layout="vertical"
          disabled={readOnly}
          onFinish={(v) => save.mutate(v)}
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
          {hasGroups(type) && (
            <>
              <Divider titlePlacement="start">{t('template.groups')}</Divider>
              <Form.List name="groups">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field) => (
                      <Row gutter={8} key={field.key}>
                        <Col span={9}>
                          <Form.Item
                            name={[field.name, 'name']}
                            rules={[schemaRule('name', templateBody.shape.name, 'template.groupName')]}
                          >
                            <Input
                              id={`template-group-name-${field.name}`}
                              placeholder={t('template.groupName')}
                              aria-label={t('template.groupName')}
                            />
                          </Form.Item>
                        </Col>
                        <Col span={13}>
                          <Form.Item name={[field.name, 'description']}>
                            <Input
                              placeholder={t('template.groupDescription')}
                              aria-label={t('template.groupDescription')}
                            />
                          </Form.Item>
                        </Col>
                        <Col span={2}>
                          <Button
                            aria-label={t('template.remove')}
                            icon={<DeleteOutlined />}
                            onClick={() => remove(field.name)}
                          />
                        </Col>
                      </Row>
                    ))}
                    <Button
                      id="template-group-add"
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => add({ name: '' })}
                    >
                      {t('template.addGroup')}
                    </Button>
                  </>
                )}
              </Form.List>
            </>
          )}
          {hasBindings(type) && (
            <>
              <Divider titlePlacement="start">{t('template.bindings')}</Divider>
              <Form.List name="bindings">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field) => (
                      <Row gutter={8} key={field.key}>
                        <Col span={4}>
                          <Form.Item name={[field.name, 'group']}>
                            <Select
                              placeholder={t('template.group')}
                              options={groupNames.map((g) => ({ value: g, label: g }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col span={6}>
                          <Form.Item name={[field.name, 'folderPath']}>
                            <Select
                              placeholder={t('template.folderPath')}
                              showSearch
                              optionFilterProp="label"
                              options={folderPathOptions(folders)}
                            />
                          </Form.Item>
                        </Col>
                        <Col span={5}>
                          <Form.Item name={[field.name, 'docKeys']}>
                            <Select
                              mode="multiple"
                              maxTagCount={1}
                              placeholder={t('template.docKeys')}
                              options={keyOptions(DOC_PERMISSION_KEYS)}
                            />
                          </Form.Item>
                        </Col>
                        <Col span={4}>
                          <Form.Item name={[field.name, 'libraryKeys']}>
                            <Select
                              mode="multiple"
                              maxTagCount={1}
                              placeholder={t('template.libraryKeys')}
                              options={keyOptions(LIBRARY_PERMISSION_KEYS)}
                            />
                          </Form.Item>
                        </Col>
                        <Col span={3}>
                          <Form.Item name={[field.name, 'manageLevel']}>
                            <Select
                              options={[0, 1, 2, 3].map((l) => ({ value: l, label: t(`template.manageLevels.${l}`) }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col span={2}>
                          <Button
                            aria-label={t('template.remove')}
                            icon={<DeleteOutlined />}
                            onClick={() => remove(field.name)}
                          />
                        </Col>
                      </Row>
                    ))}
                    <Button
                      id="template-binding-add"
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => add({ docKeys: ['viewDoc'], libraryKeys: [], manageLevel: 0 })}
                    >
                      {t('template.addBinding')}
                    </Button>
                  </>
                )}
              </Form.List>
            </>
          )}
        </Form>
      </Spin>
    </Modal>
  );
}
