import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  QUALITY_ISSUE_CATEGORIES,
  qualityIssueCreateBody,
  type QualityIssueCategory,
} from '@edoc/contract/quality-issue';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { requiredRule, schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useIssueAssignees, useRaiseIssue } from '../api';

/** The document an issue is raised on, as the panel's row or the viewer's detail knows it. */
export interface IssueTarget {
  documentId: number;
  folderId: number | null;
  /** The version being read (the viewer's) or the current one (the panel's); the issue may name it. */
  versionNo: string | null;
}

interface RaiseValues {
  category?: QualityIssueCategory;
  comment: string;
  assigneeId?: number;
  versionNo?: string;
  page?: number | null;
}

const shape = qualityIssueCreateBody.shape;

/**
 * Raise a quality issue on a document: a category, what is wrong, who fixes it (the members who may read the
 * document), and optionally the version and page it is on. From the viewer the page being read is filled in.
 */
export function RaiseIssueDialog(props: { open: boolean; target: IssueTarget; page?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RaiseValues>();
  useRevalidateOnLanguage(form);
  const { open, target, page } = props;
  const assignees = useIssueAssignees(target.folderId, open);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ versionNo: target.versionNo ?? undefined, page: page ?? null });
  }, [open, target.versionNo, page, form]);

  // A refusal of one field (an assignee who may not read it, a version it does not have) is shown under it.
  const raise = useRaiseIssue({ silentError: true });
  const submit = (values: RaiseValues) => {
    raise.mutate(
      {
        documentId: target.documentId,
        category: values.category as QualityIssueCategory,
        comment: values.comment.trim(),
        assigneeId: values.assigneeId as number,
        versionNo: values.versionNo || undefined,
        page: values.page ?? undefined,
      },
      {
        onSuccess: () => {
          void message.success(t('qualityIssue.raised'));
          props.onClose();
        },
        onError: (error) =>
          showServerError(form, error, {
            quality_issue_assignee: 'assigneeId',
            quality_issue_version: 'versionNo',
          }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={t('qualityIssue.raiseTitle')}
      okText={t('qualityIssue.raise')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'quality-raise-ok' }}
      confirmLoading={raise.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      forceRender
    >
      <Form<RaiseValues> form={form} name="qualityRaiseForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="category"
          label={t('qualityIssue.field.category')}
          htmlFor="quality-raise-category"
          required
          rules={[requiredRule(t('qualityIssue.field.category'))]}
        >
          <Select<QualityIssueCategory>
            id="quality-raise-category"
            options={QUALITY_ISSUE_CATEGORIES.map((c) => ({ value: c, label: t(`qualityIssue.category.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="comment"
          label={t('qualityIssue.field.comment')}
          htmlFor="quality-raise-comment"
          required
          rules={[schemaRule('comment', shape.comment, 'qualityIssue.field.comment')]}
        >
          <Input.TextArea id="quality-raise-comment" rows={4} showCount maxLength={2000} />
        </Form.Item>
        <Form.Item
          name="assigneeId"
          label={t('qualityIssue.field.assignee')}
          htmlFor="quality-raise-assignee"
          required
          rules={[requiredRule(t('qualityIssue.field.assignee'))]}
        >
          <Select<number>
            id="quality-raise-assignee"
            showSearch
            optionFilterProp="label"
            placeholder={t('qualityIssue.assigneePlaceholder')}
            loading={assignees.isFetching}
            notFoundContent={t('qualityIssue.noAssignees')}
            options={(assignees.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }))}
          />
        </Form.Item>
        <Form.Item name="versionNo" label={t('qualityIssue.field.versionNo')} htmlFor="quality-raise-version">
          <Select<string>
            id="quality-raise-version"
            allowClear
            placeholder={t('qualityIssue.versionPlaceholder')}
            options={target.versionNo ? [{ value: target.versionNo, label: target.versionNo }] : []}
          />
        </Form.Item>
        <Form.Item
          name="page"
          label={t('qualityIssue.field.page')}
          htmlFor="quality-raise-page"
          // An emptied number field holds null: no page, which the body leaves out.
          rules={[
            schemaRule('page', { safeParse: (v) => shape.page.safeParse(v ?? undefined) }, 'qualityIssue.field.page'),
          ]}
        >
          <InputNumber<number> id="quality-raise-page" min={1} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
