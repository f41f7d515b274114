import { useEffect } from 'react';
import { App, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { projectBody, type ProjectBody, type ProjectItem } from '@edoc/contract/project';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useDirectoryTemplates, useGroupTemplates, useSaveProject } from '../api';
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
} from './project-settings-fields';
import { Dialog } from '../../../components/dialog';

interface ProjectFormValues {
  code: string;
  name: string;
  phase?: string;
  description?: string;
  idleMinutes: number | null;
  pageSize: number | null;
  reviewOpen: boolean;
  qcOpen: boolean;
  approveOpen: boolean;
  libraryFolder: boolean;
  allowedFileTypes: string[];
  versionConvention?: string;
  endDate: Dayjs | null;
  directoryTemplateId?: number;
  groupTemplateId?: number;
}

interface ProjectFormModalProps {
  open: boolean;
  /** The project being edited; undefined creates one. */
  project?: ProjectItem;
  onClose: () => void;
}

const shape = projectBody.shape;

const NEW_PROJECT: ProjectFormValues = {
  code: '',
  name: '',
  phase: '',
  description: '',
  idleMinutes: 30,
  pageSize: 10,
  reviewOpen: true,
  qcOpen: true,
  approveOpen: true,
  libraryFolder: true,
  allowedFileTypes: [],
  versionConvention: '',
  endDate: null,
};

function toValues(project: ProjectItem): ProjectFormValues {
  return {
    code: project.code,
    name: project.name,
    phase: project.phase ?? '',
    description: project.description ?? '',
    idleMinutes: project.idleMinutes,
    pageSize: project.pageSize,
    reviewOpen: project.reviewOpen,
    qcOpen: project.qcOpen,
    approveOpen: project.approveOpen,
    libraryFolder: project.libraryFolder,
    allowedFileTypes: project.allowedFileTypes,
    versionConvention: project.versionConvention ?? '',
    endDate: project.endDate ? dayjs(project.endDate) : null,
  };
}

function toBody(values: ProjectFormValues, creating: boolean): ProjectBody {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    phase: optionalText(values.phase),
    description: optionalText(values.description),
    idleMinutes: values.idleMinutes ?? 30,
    pageSize: values.pageSize ?? 10,
    reviewOpen: values.reviewOpen,
    qcOpen: values.qcOpen,
    approveOpen: values.approveOpen,
    libraryFolder: values.libraryFolder,
    allowedFileTypes: values.allowedFileTypes,
    versionConvention: optionalText(values.versionConvention),
    endDate: values.endDate ? values.endDate.format('YYYY-MM-DD') : null,
    ...(creating && values.directoryTemplateId ? { directoryTemplateId: values.directoryTemplateId } : {}),
    ...(creating && values.groupTemplateId ? { groupTemplateId: values.groupTemplateId } : {}),
  };
}

export function ProjectFormModal({ open, project, onClose }: ProjectFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectFormValues>();
  useRevalidateOnLanguage(form);
  const creating = !project;

  const templates = useDirectoryTemplates({ enabled: open && creating });
  const groupTemplates = useGroupTemplates({ enabled: open && creating });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(project ? toValues(project) : NEW_PROJECT);
  }, [open, project, form]);

  // The form shows a refusal beside its field, so the query client does not toast it too.
  const save = useSaveProject({ silentError: true });
  const submit = (values: ProjectFormValues) =>
    save.mutate(
      { projectId: project?.studyId, body: toBody(values, creating) },
      {
        onSuccess: () => {
          void message.success(project ? t('common.saved') : t('project.created'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { project_code_exists: 'code' }),
      },
    );

  return (
    <Dialog
      open={open}
      title={project ? t('project.editTitle') : t('project.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'project-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={760}
      forceRender
    >
      <Form<ProjectFormValues> form={form} name="projectForm" layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="code"
              label={t('fields.projectCode')}
              required
              rules={[schemaRule('code', shape.code, 'fields.projectCode')]}
            >
              <Input name="code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="name"
              label={t('fields.projectName')}
              required
              rules={[schemaRule('name', shape.name, 'fields.projectName')]}
            >
              <Input name="name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <PhaseField form="projectForm" />
          </Col>
          <Col xs={24} md={8}>
            <VersionConventionField />
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="endDate" label={t('fields.endDate')}>
              <DatePicker id="projectForm_endDate" style={{ width: '100%' }} format="YYYY-MM-DD" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <DescriptionField />
          </Col>
          <Col xs={24} md={8}>
            <IdleMinutesField form="projectForm" />
          </Col>
          <Col xs={24} md={8}>
            <PageSizeField form="projectForm" />
          </Col>
          <Col xs={24} md={8}>
            {creating && (
              <Form.Item name="directoryTemplateId" label={t('fields.directoryTemplateId')}>
                <Select<number>
                  id="projectForm_directoryTemplateId"
                  allowClear
                  loading={templates.isFetching}
                  placeholder={t('project.noTemplate')}
                  options={(templates.data ?? []).map((tpl) => ({
                    value: tpl.id,
                    label: t('project.templateOption', { name: tpl.name, count: tpl.folderCount }),
                  }))}
                />
              </Form.Item>
            )}
          </Col>
          {creating && (
            <Col xs={24} md={8}>
              <Form.Item name="groupTemplateId" label={t('template.groupTemplatePicker')}>
                <Select<number>
                  id="projectForm_groupTemplateId"
                  allowClear
                  loading={groupTemplates.isFetching}
                  placeholder={t('template.noGroupTemplate')}
                  options={(groupTemplates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24}>
            <AllowedTypesField form="projectForm" />
          </Col>
          {[...PROCESS_SWITCHES, 'libraryFolder'].map((name) => (
            <Col xs={12} md={6} key={name}>
              <SwitchField form="projectForm" name={name} />
            </Col>
          ))}
        </Row>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
