import { useMemo, useState } from 'react';
import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  InboxOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Flex, Input, Popconfirm, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileDetail } from '@edoc/contract/viewer';
import type { WorkflowAction } from '@edoc/contract/workflow';
import { useDeletionDecision, useLibraryTree, useRecall } from '../api';
import { ArchiveDialog, type ArchiveTarget } from './archive-dialog';
import { DeleteApplyDialog, type DeleteTarget } from './delete-apply-dialog';
import type { RecordChange } from './library-table';
import { RefileDialog, RetitleDialog } from './record-dialogs';

/** The library's rows of the transition table (DESIGN §6), in the order a document meets them. */
export const LIBRARY_ACTIONS = [
  'archive',
  'recall',
  'refile',
  'retitle',
  'applyDelete',
  'approveDelete',
  'rejectDelete',
] as const;
type LibraryAction = (typeof LIBRARY_ACTIONS)[number];

const offeredOf = (detail: FileDetail): LibraryAction[] =>
  LIBRARY_ACTIONS.filter((a) => (detail.actions as readonly WorkflowAction[]).includes(a));

/** Whether the viewer's panel has anything of the library to show: an action, or a pending deletion to name. */
export const hasLibraryPart = (detail: FileDetail) => offeredOf(detail).length > 0 || !!detail.deletion;

const ICONS: Record<LibraryAction, React.ReactNode> = {
  archive: <InboxOutlined />,
  recall: <RollbackOutlined />,
  refile: <DragOutlined />,
  retitle: <EditOutlined />,
  applyDelete: <DeleteOutlined />,
  approveDelete: <CheckOutlined />,
  rejectDelete: <CloseOutlined />,
};

/** Moving is between the library's own folders: a project without a library tree has none to move to. */
function RefileButton(props: ButtonProps) {
  const { t } = useTranslation();
  return useLibraryTree().separate ? <Button {...props}>{t('library.action.refile')}</Button> : null;
}

/**
 * The library's actions on the document open in the viewer, exactly those the server offers (`detail.actions`):
 * archive a processed document; recall, move to another library folder, rename or apply to delete an archived one;
 * and — to the approver named — decide a deletion application, which is shown (reason, applicant, approver) to
 * whoever sees the document in status 9. Rendered in the workflow panel's action list, so the buttons follow its ids
 * (`workflow-action-<action>`).
 */
export function LibraryActions({ detail }: { detail: FileDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [archiving, setArchiving] = useState(false);
  const [applying, setApplying] = useState<DeleteTarget | null>(null);
  const [changing, setChanging] = useState<RecordChange | null>(null);
  const [comment, setComment] = useState('');
  // An approved deletion moves the document to the recycle bin: its detail is not asked again (it would be gone).
  const [deleted, setDeleted] = useState(false);
  const recall = useRecall();
  const decision = useDeletionDecision();
  const { fileId, name } = detail;
  const fileVersionId = detail.version.fileVersionId;
  // Stable while the dialog is open: the dialog resets its form when its documents change.
  const docs = useMemo<ArchiveTarget[]>(() => [{ fileId, fileVersionId, name }], [fileId, fileVersionId, name]);
  const record = useMemo(
    () => ({ fileId, name, folderId: detail.libraryFolderId ?? null }),
    [fileId, name, detail.libraryFolderId],
  );
  const offered = offeredOf(detail);
  const deletion = detail.deletion ?? null;

  if (deleted) {
    return <Alert id="library-deleted" type="success" showIcon title={t('library.deleted')} />;
  }

  const decide = (pass: boolean) =>
    decision.mutateAsync({ fileId, applyId: deletion!.applyId, pass, comment: pass ? undefined : comment.trim() }).then(
      () => {
        void message.success(t(pass ? 'library.deleteApproved' : 'library.deleteRejected'));
        if (pass) setDeleted(true);
      },
      () => undefined, // shown by the query client; the document is refreshed either way
    );

  const confirmProps = (a: LibraryAction) => ({
    okText: t('common.confirm'),
    cancelText: t('common.cancel'),
    okButtonProps: { id: `workflow-action-${a}-ok`, danger: a === 'approveDelete' },
  });

  const button = (a: LibraryAction) => {
    const common = { id: `workflow-action-${a}`, block: true, icon: ICONS[a] };
    switch (a) {
      case 'archive':
        return (
          <Button key={a} {...common} type="primary" onClick={() => setArchiving(true)}>
            {t('library.action.archive')}
          </Button>
        );
      case 'recall':
        return (
          <Popconfirm
            key={a}
            title={t('library.recallConfirm', { name })}
            description={<div style={{ maxWidth: 300 }}>{t('library.recallConfirmText')}</div>}
            {...confirmProps(a)}
            onConfirm={() =>
              recall.mutateAsync(fileId).then(
                () => void message.success(t('library.recalled', { name })),
                () => undefined,
              )
            }
          >
            <Button {...common} loading={recall.isPending}>
              {t('library.action.recall')}
            </Button>
          </Popconfirm>
        );
      case 'refile':
        return <RefileButton key={a} {...common} onClick={() => setChanging(a)} />;
      case 'retitle':
        return (
          <Button key={a} {...common} onClick={() => setChanging(a)}>
            {t('library.action.retitle')}
          </Button>
        );
      case 'applyDelete':
        return (
          <Button key={a} {...common} danger onClick={() => setApplying({ fileId, name })}>
            {t('library.action.applyDelete')}
          </Button>
        );
      case 'approveDelete':
        return (
          <Popconfirm
            key={a}
            title={t('library.approveConfirm', { name })}
            description={t('library.approveConfirmText')}
            {...confirmProps(a)}
            onConfirm={() => decide(true)}
          >
            <Button {...common} type="primary" danger loading={decision.isPending && decision.variables?.pass}>
              {t('library.action.approveDelete')}
            </Button>
          </Popconfirm>
        );
      case 'rejectDelete':
        return (
          <Popconfirm
            key={a}
            title={t('library.rejectConfirm', { name })}
            description={
              <Flex vertical gap={8} style={{ width: 280 }}>
                <span>{t('library.rejectConfirmText')}</span>
                <Input.TextArea
                  id="library-reject-comment"
                  rows={2}
                  maxLength={1000}
                  placeholder={t('library.field.rejectComment')}
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                />
              </Flex>
            }
            {...confirmProps(a)}
            onOpenChange={(open) => open && setComment('')}
            onConfirm={() => decide(false)}
          >
            <Button {...common} loading={decision.isPending && decision.variables?.pass === false}>
              {t('library.action.rejectDelete')}
            </Button>
          </Popconfirm>
        );
    }
  };

  return (
    <>
      {deletion ? (
        <Descriptions
          id="library-deletion"
          title={t('library.deletion.title')}
          column={1}
          size="small"
          bordered
          items={[
            { key: 'reason', label: t('library.deletion.reason'), children: deletion.reason },
            { key: 'applicant', label: t('library.deletion.applicant'), children: deletion.applicantName },
            { key: 'approver', label: t('library.deletion.approver'), children: deletion.approverName },
          ]}
        />
      ) : null}
      {offered.map(button)}
      {/* Mounted only when offered: the archive dialog asks for the library's folders. */}
      {offered.includes('archive') ? (
        <ArchiveDialog open={archiving} docs={docs} onClose={() => setArchiving(false)} />
      ) : null}
      {offered.includes('applyDelete') ? <DeleteApplyDialog row={applying} onClose={() => setApplying(null)} /> : null}
      {offered.includes('refile') ? (
        <RefileDialog record={changing === 'refile' ? record : null} onClose={() => setChanging(null)} />
      ) : null}
      {offered.includes('retitle') ? (
        <RetitleDialog record={changing === 'retitle' ? record : null} onClose={() => setChanging(null)} />
      ) : null}
    </>
  );
}
