import { useEffect } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Row, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectSettingsBody, type ProjectItem, type ProjectSettingsBody } from '@edoc/contract/project';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { setSession } from '../../../lib/session';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useProjectSettings, useUpdateProjectSettings } from '../settings-api';
import {
  AllowedTypesField,
  DescriptionField,
  IdleMinutesField,
  optionalText,
  PageSizeField,
  PhaseField,
  PROCESS_SWITCHES,
  SwitchField,
  VersionConventionField,
} from '../components/project-settings-fields';

interface ProjectSettingsValues {
  name: string;
  phase?: string;
  description?: string;
  idleMinutes: number | null;
  pageSize: number | null;
  reviewOpen: boolean;
  qcOpen: boolean;
  approveOpen: boolean;
  allowedFileTypes: string[];
  versionConvention?: string;
  timeZone: string;
  expiryNoticeDays: number | null;
}

/** The zones the browser knows; the server checks the same way (contract projectBody). */
const ZONES = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? ['UTC'];

const shape = projectSettingsBody.shape;

function toValues(p: ProjectItem): ProjectSettingsValues {
  return {
    name: p.name,
    phase: p.phase ?? '',
    description: p.description ?? '',
    idleMinutes: p.idleMinutes,
    pageSize: p.pageSize,
    reviewOpen: p.reviewOpen,
    qcOpen: p.qcOpen,
    approveOpen: p.approveOpen,
    allowedFileTypes: p.allowedFileTypes,
    versionConvention: p.versionConvention,
    timeZone: p.timeZone,
    expiryNoticeDays: p.expiryNoticeDays,
  };
}

function toBody(v: ProjectSettingsValues): ProjectSettingsBody {
  return {
    name: v.name.trim(),
    phase: optionalText(v.phase),
    description: optionalText(v.description),
    idleMinutes: v.idleMinutes ?? 30,
    pageSize: v.pageSize ?? 10,
    reviewOpen: v.reviewOpen,
    qcOpen: v.qcOpen,
    approveOpen: v.approveOpen,
    allowedFileTypes: v.allowedFileTypes,
    versionConvention: optionalText(v.versionConvention),
    timeZone: v.timeZone,
    expiryNoticeDays: v.expiryNoticeDays ?? 30,
  };
}

function ProjectSettingsForm({ project }: { project: ProjectItem }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectSettingsValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    form.setFieldsValue(toValues(project));
  }, [project, form]);

  // The form shows a refusal beside its field, so the query client does not toast it too.
  const save = useUpdateProjectSettings({ silentError: true });
  const submit = (values: ProjectSettingsValues) =>
    save.mutate(toBody(values), {
      onSuccess: () => {
        void message.success(t('common.saved'));
        // The header and the lists read these from the session: show the new ones without re-entering.
        setSession({ projectName: values.name.trim(), pageSize: values.pageSize ?? project.pageSize });
      },
      onError: (error) => showServerError(form, error, {}),
    });

  return (
    <>
      <Descriptions id="study-fixed" size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('fields.projectCode')}>{project.code}</Descriptions.Item>
        <Descriptions.Item label={t('fields.endDate')}>{project.endDate ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.libraryFolder')}>
          {project.libraryFolder ? t('projectSettings.yes') : t('projectSettings.no')}
        </Descriptions.Item>
      </Descriptions>
      <Form<ProjectSettingsValues> form={form} name="studyForm" layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('fields.projectName')}
              required
              rules={[schemaRule('name', shape.name, 'fields.projectName')]}
            >
              <Input name="name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <PhaseField form="studyForm" />
          </Col>
          <Col xs={24} md={6}>
            <VersionConventionField />
          </Col>
          <Col xs={24}>
            <DescriptionField />
          </Col>
          <Col xs={24} md={6}>
            <IdleMinutesField form="studyForm" />
          </Col>
          <Col xs={24} md={6}>
            <PageSizeField form="studyForm" />
          </Col>
          {PROCESS_SWITCHES.map((name) => (
            <Col xs={8} md={4} key={name}>
              <SwitchField form="studyForm" name={name} />
            </Col>
          ))}
          <Col xs={24} md={6}>
            <Form.Item
              name="timeZone"
              label={t('projectSettings.timeZone')}
              tooltip={t('projectSettings.timeZoneHelp')}
              rules={[schemaRule('timeZone', shape.timeZone, 'projectSettings.timeZone')]}
            >
              <Select
                id="studyForm_timeZone"
                showSearch
                options={[...new Set(['UTC', ...ZONES])].map((z) => ({ value: z, label: z }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="expiryNoticeDays"
              label={t('projectSettings.expiryNoticeDays')}
              tooltip={t('projectSettings.expiryNoticeDaysHelp')}
              rules={[schemaRule('expiryNoticeDays', shape.expiryNoticeDays, 'projectSettings.expiryNoticeDays')]}
            >
              <InputNumber id="studyForm_expiryNoticeDays" min={0} max={365} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <AllowedTypesField form="studyForm" />
          </Col>
        </Row>
        <Button id="study-save" type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </>
  );
}

/** SPEC §2 /manage/study: the entered project's settings, as far as the company leaves them to the project. */
export function ProjectSettingsPage() {
  const { t } = useTranslation();
  const project = useProjectSettings();
  return (
    <Card title={t('menu.project.manageProject')} variant="borderless" extra={t('projectSettings.companyOwned')}>
      {project.data ? <ProjectSettingsForm project={project.data} /> : <Skeleton active />}
    </Card>
  );
}
