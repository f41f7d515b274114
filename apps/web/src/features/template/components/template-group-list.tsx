import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { templateBody } from '@edoc/contract/template';
import { schemaRule } from '../../../lib/form-rules';

/** The template's user groups: a name (unique in the template) and a description each. */
export function TemplateGroupList() {
  const { t } = useTranslation();
  return (
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
                    <Input placeholder={t('template.groupDescription')} aria-label={t('template.groupDescription')} />
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
            <Button id="template-group-add" type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '' })}>
              {t('template.addGroup')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}
