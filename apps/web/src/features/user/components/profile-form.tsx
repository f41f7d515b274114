import { App, Button, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Sex } from '@edoc/contract/enums';
import { userInfoModifyBody, type UserInfo, type UserInfoModifyBody } from '@edoc/contract/user';
import { schemaRule, trimInput } from '../../../lib/form-rules';
import { setSession } from '../../../lib/session';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useModifyUserInfo } from '../api';

type ProfileValues = UserInfoModifyBody;

const TEXT_FIELDS = ['lastName', 'firstName', 'mobile', 'phone', 'country', 'city'] as const;

function toValues(info: UserInfo): ProfileValues {
  return {
    userName: info.userName,
    firstName: info.firstName ?? '',
    lastName: info.lastName ?? '',
    mobile: info.mobile ?? '',
    phone: info.phone ?? '',
    sex: info.sex ?? undefined,
    country: info.country ?? '',
    city: info.city ?? '',
  };
}

export function ProfileForm({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  useRevalidateOnLanguage(form);
  const shape = userInfoModifyBody.shape;

  const save = useModifyUserInfo();
  const submit = (values: ProfileValues) =>
    save.mutate(values, {
      onSuccess: () => {
        setSession({ userName: values.userName });
        void message.success(t('common.saved'));
      },
    });

  return (
    <Form<ProfileValues> form={form} name="profile" layout="vertical" initialValues={toValues(info)} onFinish={submit}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('user.email')} htmlFor="profile_email">
            <Input id="profile_email" value={info.email} disabled />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="userName"
            label={t('user.userName')}
            normalize={trimInput}
            rules={[schemaRule('userName', shape.userName)]}
          >
            <Input name="userName" />
          </Form.Item>
        </Col>
        {TEXT_FIELDS.map((field) => (
          <Col xs={24} md={12} key={field}>
            <Form.Item name={field} label={t(`user.${field}`)} rules={[schemaRule(field, shape[field])]}>
              <Input name={field} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="sex" label={t('user.sex')}>
            <Select allowClear options={Sex.map((s) => ({ value: s, label: t(`user.sexOptions.${s}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Button id="profile-save" type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
