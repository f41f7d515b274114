import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, App, Flex, Progress, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { extensionOf } from '@edoc/contract/file-rules';
import type { FolderNode } from '@edoc/contract/folder';
import { errorText } from '../../../lib/feedback';
import { toFormData, useCreateDocument } from '../api';
import { baseName, uploadProblem } from '../folders';
import { useDuplicateCheck } from '../hooks/use-duplicates';
import { uploadRulesText, useUploadAuth } from '../hooks/use-upload-auth';
import { usePlaces } from './duplicate-notice';
import { FileTypeIcon } from '../../../components/file-type-icon';

interface Item {
  uid: string;
  name: string;
  percent: number;
  state: 'uploading' | 'finished';
}

/**
 * Drag-and-drop into the chosen folder: one document per file, named after the file (SPEC §4 upload state:
 * uploading, then finished, or fail — a failed file leaves the list and its reason is shown).
 */
export function UploadMany({
  folder,
  label,
  allowedTypes,
}: {
  folder: FolderNode;
  label: string;
  allowedTypes: string[];
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const duplicates = useDuplicateCheck();
  const places = usePlaces();
  const create = useCreateDocument({ silentError: true });
  const auth = useUploadAuth(folder.folderId).data;
  const [items, setItems] = useState<Item[]>([]);
  // Another folder starts with an empty list, as a new drop zone would; reset here rather than remounted per
  // folder, which rebuilt the whole Dragger in the folder's click (issue 30 part 4).
  const [shownFor, setShownFor] = useState(folder.folderId);
  if (shownFor !== folder.folderId) {
    setShownFor(folder.folderId);
    setItems([]);
  }
  const patch = (uid: string, change: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.uid === uid ? { ...i, ...change } : i)));
  const fail = (uid: string, name: string, reason: string) => {
    setItems((list) => list.filter((i) => i.uid !== uid));
    void message.error(t('document.upload.failed', { name, reason }));
  };

  return (
    <Flex vertical gap={8}>
      {auth && !auth.canUpload ? (
        <Alert
          id="document-upload-refused"
          type="warning"
          showIcon
          message={t('document.upload.notAllowed', { reason: auth.reason })}
        />
      ) : null}
      <Upload.Dragger
        id="document-upload-drop"
        disabled={auth ? !auth.canUpload : false}
        multiple
        showUploadList={false}
        beforeUpload={async (file) => {
          const problem = uploadProblem(file, auth?.allowedTypes ?? allowedTypes, auth?.maxBytes.other);
          if (problem) {
            void message.error(t('document.upload.failed', { name: file.name, reason: problem }));
            return Upload.LIST_IGNORE;
          }
          // The same content already filed in the project: asked before it is filed twice (issue 13).
          const found = await duplicates(file);
          if (found.length === 0) return true;
          const go = await modal.confirm({
            title: t('document.duplicate.confirm', { name: file.name }),
            content: (
              <ul style={{ paddingInlineStart: 18 }}>
                {places(found).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ),
            okText: t('document.duplicate.uploadAnyway'),
            cancelText: t('common.cancel'),
            okButtonProps: { id: 'document-duplicate-ok' },
            cancelButtonProps: { id: 'document-duplicate-cancel' },
          });
          return go ? true : Upload.LIST_IGNORE;
        }}
        customRequest={({ file }) => {
          const f = file as File & { uid: string };
          setItems((list) => [...list, { uid: f.uid, name: f.name, percent: 0, state: 'uploading' }]);
          const form = toFormData({ folderId: folder.folderId, name: baseName(f.name), central: 'true' }, f);
          // One mutation per file, all at once; each refreshes the list when it is stored.
          create
            .mutateAsync({ form, onProgress: (p) => patch(f.uid, { percent: Math.round(p * 100) }) })
            .then(() => patch(f.uid, { percent: 100, state: 'finished' }))
            .catch((error: unknown) => fail(f.uid, f.name, errorText(error)));
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('document.upload.drop', { folder: label })}</p>
        <p className="ant-upload-hint" id="document-upload-rules">
          {t('document.upload.hint')} {auth ? uploadRulesText(auth, t) : null}
        </p>
      </Upload.Dragger>
      {items.map((i) => (
        <Flex key={i.uid} id={`upload-item-${i.uid}`} align="center" gap={8}>
          <FileTypeIcon ext={extensionOf(i.name)} />
          <Typography.Text ellipsis style={{ maxWidth: 260 }}>
            {i.name}
          </Typography.Text>
          <Progress
            percent={i.percent}
            aria-label={t('document.upload.progressOf', { name: i.name })}
            size="small"
            style={{ flex: 1, margin: 0 }}
            status={i.state === 'finished' ? 'success' : 'active'}
          />
          {/* A live region: a screen reader hears each file's state change (uploading, finished, failed). */}
          <Tag role="status" color={i.state === 'finished' ? 'green' : 'blue'}>
            {t(`document.upload.${i.state}`)}
          </Tag>
        </Flex>
      ))}
    </Flex>
  );
}
