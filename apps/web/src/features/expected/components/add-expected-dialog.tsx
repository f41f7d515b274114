import { useEffect } from 'react';
import { App, DatePicker, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { TmfLevel } from '@edoc/contract/tmf-model';
import type { TmfProjectArtifact } from '@edoc/contract/tmf-project';
import { Dialog } from '../../../components/dialog';
import { fieldMessage } from '../../../lib/form-rules';
import { countryLabel, useCountries } from '../../country/api';
import { useSites } from '../../site/api';
import { useCreateExpected } from '../api';
import { artifactLabel } from '../labels';

interface AddValues {
  artifactId?: number;
  level?: TmfLevel;
  countryId?: number;
  siteId?: number;
  dueDate?: Dayjs | null;
}

const nameOf = (a: TmfProjectArtifact, lang: string) =>
  artifactLabel({ artifactNumber: a.number, artifactNameEn: a.nameEn, artifactNameZh: a.nameZh }, lang);

/**
 * Adds an item by hand (origin manual): an artifact of the project's model, one of its levels, the country or site
 * that level needs, and a due date if the person knows one.
 */
export function AddExpectedDialog(props: { open: boolean; artifacts: TmfProjectArtifact[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const artifactId = Form.useWatch('artifactId', form);
  const level = Form.useWatch('level', form);
  const countries = useCountries({ enabled: props.open });
  const sites = useSites({ enabled: props.open });
  // A refusal is shown by the query client in the server's words.
  const create = useCreateExpected();
  useEffect(() => {
    if (props.open) form.resetFields();
  }, [props.open, form]);

  const artifact = props.artifacts.find((a) => a.id === artifactId);
  // A new artifact keeps the level only if it applies there; its only level is chosen for the user.
  const chooseArtifact = (id: number) => {
    const levels = props.artifacts.find((a) => a.id === id)?.levels ?? [];
    const current = form.getFieldValue('level') as TmfLevel | undefined;
    form.setFieldsValue({
      level: levels.length === 1 ? levels[0] : current && levels.includes(current) ? current : undefined,
    });
  };

  const submit = (values: AddValues) => {
    if (!values.artifactId || !values.level) return;
    const body = {
      artifactId: values.artifactId,
      level: values.level,
      ...(values.level === 'country' ? { countryId: values.countryId } : {}),
      ...(values.level === 'site' ? { siteId: values.siteId } : {}),
      dueDate: values.dueDate ? values.dueDate.format('YYYY-MM-DD') : null,
    };
    create.mutate(body, {
      onSuccess: () => {
        void message.success(t('expected.added'));
        props.onClose();
      },
    });
  };

  const required = (field: string) => [{ required: true, message: fieldMessage('required', field) }];
  return (
    <Dialog
      open={props.open}
      title={t('expected.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'expected-add-ok' }}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      forceRender
    >
      <Form<AddValues> form={form} name="expectedAdd" layout="vertical" onFinish={submit}>
        <Form.Item
          name="artifactId"
          label={t('expected.artifact')}
          htmlFor="expected-add-artifact"
          rules={required('artifactId')}
        >
          <Select<number>
            id="expected-add-artifact"
            showSearch
            optionFilterProp="label"
            placeholder={t('expected.artifactPlaceholder')}
            onChange={chooseArtifact}
            options={props.artifacts.map((a) => ({ value: a.id, label: nameOf(a, i18n.language) }))}
          />
        </Form.Item>
        <Form.Item name="level" label={t('expected.levelLabel')} htmlFor="expected-add-level" rules={required('level')}>
          <Select<TmfLevel>
            id="expected-add-level"
            disabled={!artifact}
            options={(artifact?.levels ?? []).map((l) => ({ value: l, label: t(`expected.level.${l}`) }))}
          />
        </Form.Item>
        {level === 'country' ? (
          <Form.Item
            name="countryId"
            label={t('expected.country')}
            htmlFor="expected-add-country"
            rules={required('countryId')}
          >
            <Select<number>
              id="expected-add-country"
              showSearch
              optionFilterProp="label"
              notFoundContent={t('expected.noCountries')}
              options={(countries.data ?? []).map((c) => ({ value: c.id, label: countryLabel(c, i18n.language) }))}
            />
          </Form.Item>
        ) : null}
        {level === 'site' ? (
          <Form.Item name="siteId" label={t('expected.site')} htmlFor="expected-add-site" rules={required('siteId')}>
            <Select<number>
              id="expected-add-site"
              showSearch
              optionFilterProp="label"
              notFoundContent={t('expected.noSites')}
              options={(sites.data ?? []).map((s) => ({ value: s.siteId, label: `${s.code} ${s.name}` }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="dueDate" label={t('expected.dueDate')} htmlFor="expected-add-due">
          <DatePicker id="expected-add-due" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
