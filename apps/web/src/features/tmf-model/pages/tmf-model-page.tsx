import { useState } from 'react';
import { ArrowLeftOutlined, DownloadOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Descriptions, Result, Row, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { tmfModelLabel, type TmfArtifactInput } from '@edoc/contract/tmf-model';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/feedback';
import { serverFieldIssues } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useSaveTmfModel, useTmfModel } from '../api';
import { ArtifactDialog, type ArtifactDialogState } from '../components/artifact-dialog';
import { ArtifactTable } from '../components/artifact-table';
import { numbersOf, useModelDraft, type Selection } from '../components/model-draft';
import { ModelNameDialog, type ModelNameValues } from '../components/model-name-dialog';
import { ModelTree } from '../components/model-tree';
import { StateTag } from '../components/state-tag';
import { useLeaveGuard } from '../components/use-leave-guard';
import { isDeletable, isEditable, useModelActions } from '../components/use-model-actions';

/**
 * One TMF model at its own address (/company/template/tmf/:id): the zones and sections as a tree, the chosen
 * section's artifacts beside it. A draft is edited here and saved whole; a published version is read only and
 * offers a new version instead.
 */
export function TmfModelPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const detail = useTmfModel(id);
  const model = detail.data;
  const edit = useModelDraft(model);
  const editable = !!model && isEditable(model);
  const actions = useModelActions();
  const save = useSaveTmfModel({ silentError: true });
  const [saveError, setSaveError] = useState<unknown>(null);
  const [picked, setPicked] = useState<Selection>(null);
  const [artifactDialog, setArtifactDialog] = useState<ArtifactDialogState | null>(null);
  /** The name and source the rename dialog starts from, while it is open. */
  const [renaming, setRenaming] = useState<ModelNameValues | null>(null);
  useLeaveGuard(editable && edit.dirty);

  const back = (
    <Link id="tmf-model-back" to={paths.company.templateTmf}>
      <ArrowLeftOutlined /> {t('tmfModel.back')}
    </Link>
  );
  const missing = id === null || (isApiError(detail.error) && detail.error.httpStatus === 404);
  if (missing) return <Result status="404" title={t('tmfModel.notFound')} extra={back} />;
  if (detail.error) return <Result status="error" title={errorText(detail.error)} extra={back} />;
  const draft = edit.draft;
  if (!model || !draft) return <Card loading variant="borderless" />;

  // What the tree shows chosen: the user's choice while it exists, else the first section (a removed row is gone).
  const zoneOf = (number: string) => draft.zones.find((z) => z.number === number);
  const first = draft.zones.find((z) => z.sections.length);
  const selection: Selection =
    picked &&
    zoneOf(picked.zone) &&
    (picked.kind === 'zone' || zoneOf(picked.zone)!.sections.some((s) => s.number === picked.section))
      ? picked
      : first
        ? { kind: 'section', zone: first.number, section: first.sections[0].number }
        : null;
  const section =
    selection?.kind === 'section'
      ? zoneOf(selection.zone)?.sections.find((s) => s.number === selection.section)
      : undefined;

  const submitSave = () => {
    setSaveError(null);
    save.mutate(
      { id: model.id, body: draft },
      {
        onSuccess: () => {
          edit.markSaved();
          void message.success(t('common.saved'));
        },
        onError: setSaveError,
      },
    );
  };

  const publish = () => {
    if (edit.dirty) void message.warning(t('tmfModel.saveFirst'));
    else actions.publish(model);
  };

  const putArtifact = (artifact: TmfArtifactInput) => {
    if (selection?.kind !== 'section') return;
    edit.putArtifact(selection.zone, selection.section, artifactDialog?.editing?.number ?? null, artifact);
  };

  const issues = serverFieldIssues(saveError);
  return (
    <Card
      variant="borderless"
      title={
        <Space size={8} wrap>
          <span id="tmf-model-title">{tmfModelLabel({ name: draft.name, version: model.version })}</span>
          <StateTag state={model.state} id="tmf-model-state" />
          {model.shipped && <Tag color="blue">{t('tmfModel.shipped')}</Tag>}
          {editable && edit.dirty && <Tag id="tmf-model-unsaved">{t('tmfModel.unsaved')}</Tag>}
        </Space>
      }
      extra={back}
    >
      <Space wrap style={{ marginBottom: 16 }}>
        {editable && (
          <>
            <Button
              id="tmf-model-save"
              type="primary"
              icon={<SaveOutlined />}
              disabled={!edit.dirty}
              loading={save.isPending}
              onClick={submitSave}
            >
              {t('common.save')}
            </Button>
            <Button
              id="tmf-model-rename"
              icon={<EditOutlined />}
              onClick={() => setRenaming({ name: draft.name, source: draft.source ?? '' })}
            >
              {t('tmfModel.rename')}
            </Button>
            <Button id="tmf-model-publish" onClick={publish}>
              {t('tmfModel.publish')}
            </Button>
          </>
        )}
        {model.state === 'published' && (
          <Button
            id="tmf-model-new-version"
            type="primary"
            loading={actions.busy}
            onClick={() => actions.newVersion(model)}
          >
            {t('tmfModel.newVersion')}
          </Button>
        )}
        <Button id="tmf-model-export" icon={<DownloadOutlined />} onClick={() => actions.exportModel(model)}>
          {t('tmfModel.export')}
        </Button>
        {isDeletable(model) && (
          <Button
            id="tmf-model-delete"
            danger
            onClick={() => actions.remove(model, () => void navigate(paths.company.templateTmf, { replace: true }))}
          >
            {t('tmfModel.delete')}
          </Button>
        )}
      </Space>
      {!editable && (
        <Alert
          id="tmf-model-frozen"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t(model.shipped ? 'tmfModel.shippedNotice' : 'tmfModel.publishedNotice')}
        />
      )}
      {saveError !== null && (
        <Alert
          id="tmf-model-save-error"
          type="error"
          showIcon
          closable={{ 'aria-label': t('common.close') }}
          onClose={() => setSaveError(null)}
          style={{ marginBottom: 16 }}
          title={errorText(saveError)}
          description={
            issues.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {issues.map((issue) => (
                  <li key={`${issue.field}:${issue.message}`}>{issue.message}</li>
                ))}
              </ul>
            )
          }
        />
      )}
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('tmfModel.source')}>{draft.source || t('tmfModel.none')}</Descriptions.Item>
        <Descriptions.Item label={t('tmfModel.projects')}>{model.projectCount}</Descriptions.Item>
        <Descriptions.Item label={t('tmfModel.updatedAt')}>{formatDateTime(model.updatedAt)}</Descriptions.Item>
      </Descriptions>
      <Row gutter={16}>
        <Col xs={24} lg={8} xl={6}>
          <ModelTree model={draft} selection={selection} onSelect={setPicked} edit={editable ? edit : undefined} />
        </Col>
        <Col xs={24} lg={16} xl={18}>
          <ArtifactTable
            section={section}
            {...(editable
              ? {
                  onAdd: () => section && setArtifactDialog({ parent: section.number }),
                  onEdit: (artifact: TmfArtifactInput) =>
                    section && setArtifactDialog({ parent: section.number, editing: artifact }),
                  onRemove: (artifact: TmfArtifactInput) =>
                    selection?.kind === 'section' &&
                    edit.removeArtifact(selection.zone, selection.section, artifact.number),
                }
              : {})}
          />
        </Col>
      </Row>
      {editable && (
        <>
          <ArtifactDialog
            state={artifactDialog}
            taken={numbersOf(draft, artifactDialog?.editing?.number)}
            onSubmit={putArtifact}
            onClose={() => setArtifactDialog(null)}
          />
          <ModelNameDialog
            open={renaming !== null}
            id="tmf-model-rename-dialog"
            title={t('tmfModel.renameTitle')}
            initial={renaming ?? undefined}
            onClose={() => setRenaming(null)}
            onSubmit={(values) => {
              edit.setHeader(values.name, values.source);
              setRenaming(null);
            }}
          />
        </>
      )}
    </Card>
  );
}
