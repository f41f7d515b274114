import { useEffect } from 'react';
import {
  App,
  AutoComplete,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Switch,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { studySettingsBody, type ProjectItem, type StudySettingsBody } from '@edoc/contract/project';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { setSession } from '../../../lib/session';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { getStudySettings, studySettingsKeys, updateStudySettings } from '../api';

interface StudyFormValues {
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
}

const shape = studySettingsBody.shape;
const PHASES = ['I', 'II', 'III', 'IV', 'BE'];
const COMMON_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'jpg', 'jpeg', 'png', 'txt', 'csv', 'zip'];
const PROCESS_SWITCHES = [
  { name: 'reviewOpen', labelKey: 'fields.reviewOpen' },
  { name: 'qcOpen', labelKey: 'fields.qcOpen' },
  { name: 'approveOpen', labelKey: 'fields.approveOpen' },
] as const;

/** File extensions as the server keeps them: lower case, no dot, no repeats. */
function normalizeTypes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const cleaned = value.map((v) => String(v).trim().replace(/^\.+/, '').toLowerCase()).filter((v) => v !== '');
  return Array.from(new Set(cleaned));
}

const optional = (value: string | undefined) => value?.trim() || undefined;

function toValues(p: ProjectItem): StudyFormValues {
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
  };
}

function toBody(v: StudyFormValues): StudySettingsBody {
  return {
    name: v.name.trim(),
    phase: optional(v.phase),
    description: optional(v.description),
    idleMinutes: v.idleMinutes ?? 30,
    pageSize: v.pageSize ?? 10,
    reviewOpen: v.reviewOpen,
    qcOpen: v.qcOpen,
    approveOpen: v.approveOpen,
    allowedFileTypes: v.allowedFileTypes,
    versionConvention: optional(v.versionConvention),
  };
}

function StudyForm({ project }: { project: ProjectItem }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StudyFormValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    form.setFieldsValue(toValues(project));
  }, [project, form]);

  const save = useMutation({
    mutationFn: (values: StudyFormValues) => updateStudySettings(toBody(values)),
    meta: { silentError: true },
    onSuccess: async (_data, values) => {
      void message.success(t('common.saved'));
      // The header and the lists read these from the session: show the new ones without re-entering.
      setSession({ projectName: values.name.trim(), pageSize: values.pageSize ?? project.pageSize });
      await queryClient.invalidateQueries({ queryKey: studySettingsKeys.all });
    },
    onError: (error) => showServerError(form, error, {}),
  });

  return (
    <>
      <Descriptions id="study-fixed" size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('fields.projectCode')}>{project.code}</Descriptions.Item>
        <Descriptions.Item label={t('fields.endDate')}>{project.endDate ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.libraryFolder')}>
          {project.libraryFolder ? t('manageStudy.yes') : t('manageStudy.no')}
        </Descriptions.Item>
      </Descriptions>
      <Form<StudyFormValues> form={form} name="studyForm" layout="vertical" onFinish={(v) => save.mutate(v)}>
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
            <Form.Item name="phase" label={t('fields.phase')} rules={[schemaRule('phase', shape.phase)]}>
              <AutoComplete id="studyForm_phase" options={PHASES.map((p) => ({ value: p }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="versionConvention"
              label={t('fields.versionConvention')}
              rules={[schemaRule('versionConvention', shape.versionConvention)]}
            >
              <Input name="versionConvention" placeholder={t('project.versionConventionPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="description"
              label={t('fields.description')}
              rules={[schemaRule('description', shape.description)]}
            >
              <Input.TextArea name="description" rows={3} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="idleMinutes"
              label={t('fields.idleMinutes')}
              required
              extra={t('project.idleMinutesHelp')}
              rules={[schemaRule('idleMinutes', shape.idleMinutes.unwrap())]}
            >
              <InputNumber id="studyForm_idleMinutes" min={1} max={1440} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="pageSize"
              label={t('fields.pageSize')}
              required
              rules={[schemaRule('pageSize', shape.pageSize.unwrap())]}
            >
              <InputNumber id="studyForm_pageSize" min={5} max={200} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {PROCESS_SWITCHES.map((item) => (
            <Col xs={8} md={4} key={item.name}>
              <Form.Item name={item.name} label={t(item.labelKey)} valuePropName="checked">
                <Switch id={`studyForm_${item.name}`} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24}>
            <Form.Item
              name="allowedFileTypes"
              label={t('fields.allowedFileTypes')}
              extra={t('project.allowedFileTypesHelp')}
              normalize={normalizeTypes}
              rules={[schemaRule('allowedFileTypes', shape.allowedFileTypes.unwrap())]}
            >
              <Select<string[]>
                id="studyForm_allowedFileTypes"
                mode="tags"
                tokenSeparators={[',', ' ', ';']}
                options={COMMON_TYPES.map((type) => ({ value: type, label: type }))}
              />
            </Form.Item>
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
export function StudySettingsPage() {
  const { t } = useTranslation();
  const project = useQuery({ queryKey: studySettingsKeys.all, queryFn: getStudySettings });
  return (
    <Card title={t('menu.project.manageStudy')} variant="borderless" extra={t('manageStudy.companyOwned')}>
      {project.data ? <StudyForm project={project.data} /> : <Skeleton active />}
    </Card>
  );
}
