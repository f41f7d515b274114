import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from '@edoc/contract/enums';
import type { TemplateFolderInput } from '@edoc/contract/template';
import { folderPathOptions } from './folder-tree-editor';

interface TemplateBindingListProps {
  /** The template's groups by name, and its folders: a binding grants one of those groups rights on one folder. */
  groupNames: string[];
  folders: TemplateFolderInput[];
}

/** Type 4: the rights each template group gets on each template folder when the template is applied. */
export function TemplateBindingList({ groupNames, folders }: TemplateBindingListProps) {
  const { t } = useTranslation();
  const keyOptions = (keys: readonly string[]) => keys.map((k) => ({ value: k, label: t(`template.keys.${k}`) }));
  return (
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
                    <Select options={[0, 1, 2, 3].map((l) => ({ value: l, label: t(`template.manageLevels.${l}`) }))} />
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
  );
}
