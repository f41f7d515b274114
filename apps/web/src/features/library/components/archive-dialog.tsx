import { useEffect, useMemo, useState } from 'react';
import { Alert, App, DatePicker, Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { DocStatus } from '@edoc/contract/enums';
import type { FolderNode } from '@edoc/contract/folder';
import type { BatchAnswer } from '@edoc/contract/workflow-requests';
import { isApiError } from '../../../lib/api-client';
import { showServerError } from '../../../lib/form-errors';
import { fieldMessage } from '../../../lib/form-rules';
import { errorMessage } from '@edoc/contract/errors';
import { currentLang } from '../../../lib/i18n';
import { folderLabel } from '../../../components/folder-tree/folder-tree-model';
import { useArchive, useBatchArchive, useLibraryTree } from '../api';
import { ArchiveResults } from './archive-results';
import { Dialog } from '../../../components/dialog';

/** A document to archive: its current version (status 8) and, when known, its own effective date. */
export interface ArchiveTarget {
  fileId: number;
  fileVersionId?: number | null;
  name: string;
  effectiveDate?: string | null;
}

interface ArchiveValues {
  publishDate: Dayjs;
  startDate: Dayjs;
  libraryFolderId?: number;
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const toOptions = (nodes: FolderNode[], lang: string): TreeOption[] =>
  nodes.map((n) => ({ value: n.folderId, title: folderLabel(n, lang), children: toOptions(n.children, lang) }));

const DAY = 'YYYY-MM-DD';

/**
 * Archives one document (POST /file/archive) or many (POST /file/batch/archived) with a publish date and an
 * effective date; a future effective date files them as "waiting to be activated" until that day. The library
 * folder may be left empty: the server then files each document in the library folder of its ICH code, and answers
 * library_folder_required when there is none, which is shown on the folder field (a library with no folder at all gets
 * the workspace's tree on its first archive, issue 26).
 */
export function ArchiveDialog(props: {
  open: boolean;
  docs: ArchiveTarget[];
  onClose: () => void;
  onArchived?: () => void;
}) {
  const { open, docs, onClose, onArchived } = props;
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ArchiveValues>();
  const library = useLibraryTree();
  const [results, setResults] = useState<BatchAnswer['results'] | null>(null);
  const single = docs.length === 1;
  const startDate = Form.useWatch('startDate', form);
  const options = useMemo(() => toOptions(library.roots, i18n.language), [library.roots, i18n.language]);

  useEffect(() => {
    if (!open) return;
    setResults(null);
    form.resetFields();
    const own = single ? docs[0].effectiveDate : null;
    // Dates are calendar days; the server compares them with today in the project's time zone.
    form.setFieldsValue({ publishDate: dayjs(), startDate: own ? dayjs(own) : dayjs(), libraryFolderId: undefined });
  }, [open, single, docs, form]);

  const archive = useArchive({ silentError: true });
  const batch = useBatchArchive({ silentError: true });
  const done = new Set((results ?? []).filter((r) => r.ok).map((r) => r.fileId));
  const remaining = docs.filter((d) => !done.has(d.fileId));
  const required = (labelKey: string) => ({
    required: true,
    message: errorMessage('required', currentLang(), { field: t(labelKey) }),
  });
  const folderRequired = () =>
    form.setFields([{ name: 'libraryFolderId', errors: [fieldMessage('library_folder_required', 'libraryFolderId')] }]);

  const submit = (values: ArchiveValues) => {
    const common = {
      publishDate: values.publishDate.format(DAY),
      startDate: values.startDate.format(DAY),
      libraryFolderId: values.libraryFolderId,
    };
    if (single) {
      const doc = docs[0];
      archive.mutate(
        { ...common, fileId: doc.fileId, fileVersionId: doc.fileVersionId ?? undefined },
        {
          onSuccess: (answer) => {
            void message.success(
              t(answer.status === DocStatus.WaitingActivation ? 'library.archivedWaiting' : 'library.archivedDone'),
            );
            onArchived?.();
            onClose();
          },
          onError: (error) => {
            if (isApiError(error) && error.errorCode === 'library_folder_required') folderRequired();
            else showServerError(form, error, { effective_after_expiry: 'startDate' });
          },
        },
      );
      return;
    }
    // A second press archives only the documents the first one left (e.g. once a library folder is chosen).
    batch.mutate(
      { ...common, fileIds: remaining.map((d) => d.fileId) },
      {
        onSuccess: (answer) => {
          const answered = new Set(answer.results.map((r) => r.fileId));
          setResults((prev) => [...(prev ?? []).filter((r) => !answered.has(r.fileId)), ...answer.results]);
          if (answer.results.some((r) => r.ok)) onArchived?.();
          if (answer.results.some((r) => r.errorCode === 'library_folder_required')) folderRequired();
        },
        onError: (error) => showServerError(form, error, {}),
      },
    );
  };

  const future = startDate ? startDate.isAfter(dayjs(), 'day') : false;
  const names = new Map(docs.map((d) => [d.fileId, d.name]));
  return (
    <Dialog
      open={open}
      width={results ? 720 : 520}
      title={
        single ? t('library.archiveTitle', { name: docs[0].name }) : t('library.archiveMany', { count: docs.length })
      }
      okText={results ? t('library.archiveRest', { count: remaining.length }) : t('library.action.archive')}
      cancelText={results ? t('common.close') : t('common.cancel')}
      okButtonProps={{ id: 'library-archive-ok', hidden: remaining.length === 0 }}
      confirmLoading={archive.isPending || batch.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<ArchiveValues> form={form} name="libraryArchive" layout="vertical" onFinish={submit}>
        <Form.Item
          htmlFor="library-archive-publish"
          name="publishDate"
          label={t('library.field.publishDate')}
          rules={[required('library.field.publishDate')]}
        >
          <DatePicker id="library-archive-publish" style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Form.Item
          htmlFor="library-archive-start"
          name="startDate"
          label={t('library.field.startDate')}
          rules={[required('library.field.startDate')]}
          extra={single ? undefined : t('library.startDateMany')}
        >
          <DatePicker id="library-archive-start" style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        {future ? (
          <Alert
            id="library-archive-future"
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('library.futureNote', { date: startDate?.format(DAY) })}
          />
        ) : null}
        {library.separate && !library.tree.isPending && options.length === 0 ? (
          // The picker would be empty: say where the documents go (issue 26: the first archive makes the tree).
          <Alert
            id="library-archive-no-folders"
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('library.noLibraryFolders')}
          />
        ) : null}
        {library.separate ? (
          <Form.Item
            htmlFor="library-archive-folder"
            name="libraryFolderId"
            label={t('library.field.folder')}
            extra={t('library.folderHint')}
          >
            <TreeSelect<number>
              id="library-archive-folder"
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              treeData={options}
              placeholder={t('library.folderPlaceholder')}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
        ) : null}
      </Form>
      {results ? <ArchiveResults results={results} names={names} /> : null}
    </Dialog>
  );
}
