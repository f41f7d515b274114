import { CopyOutlined, UploadOutlined } from '@ant-design/icons';
import type { EditEnded, EditExist } from '@edoc/contract/editing';
import { DocStatus } from '@edoc/contract/enums';
import type { FileDetail } from '@edoc/contract/viewer';
import { API_BASE } from '@edoc/contract/limits';
import { Alert, App, Button, Flex, Input, Popconfirm, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, nameBeforeChinese } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { useCheckIn, useEditStatus, useEndEdit } from '../api';

/**
 * The document's lock, under the viewer's header (issue 15). Its holder sees how to reach the file (the WebDAV
 * address and the Office link, or the checked-out file and the check-in) and ends the session; everyone else sees
 * who holds it and since when, and a project administrator may end it (the holder's saves are kept).
 */
export function EditBar({ detail, onEnded }: { detail: FileDetail; onEnded: (ended: EditEnded) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fileId = detail.fileId;
  // Only a document being edited can be locked (its status cannot move on while it is): nobody else asks, an
  // inspector reading the library included.
  const status = useEditStatus(fileId, detail.status === DocStatus.Editing);
  const end = useEndEdit(fileId);
  const checkIn = useCheckIn(fileId);
  const s: EditExist | undefined = status.data;
  if (!s?.exists || !s.holder) return null;
  const done = (ended: EditEnded) => {
    void message.success(
      ended.versionNo ? t('editing.savedAs', { no: ended.versionNo }) : t(`editing.outcome.${ended.outcome}`),
    );
    onEnded(ended);
  };
  const finish = (discard: boolean) => end.mutate(discard, { onSuccess: done });
  const since = formatDateTime(s.holder.startedAt);
  const session = s.session;

  if (!s.mine || !session) {
    return (
      <Alert
        id="edit-locked"
        type="warning"
        showIcon
        banner
        message={t('editing.lockedBy', {
          name: nameBeforeChinese(s.holder.userName, currentLang()),
          since,
          mode: t(`editing.mode.${s.holder.mode}`),
        })}
        action={
          s.canEnd ? (
            <Popconfirm
              title={t('editing.endTheirs')}
              description={t('editing.endTheirsHint')}
              onConfirm={() => finish(false)}
            >
              <Button id="edit-end-other" size="small" danger loading={end.isPending}>
                {t('editing.endSession')}
              </Button>
            </Popconfirm>
          ) : null
        }
      />
    );
  }

  const download = `${API_BASE}/minio/file/revise/down?uniqueSymbol=${encodeURIComponent(session.uniqueSymbol)}`;
  return (
    <Alert
      id="edit-mine"
      type="info"
      showIcon
      banner
      message={t(`editing.mine.${session.mode}`, { since })}
      description={
        <Flex vertical gap={8} style={{ marginTop: 4 }}>
          {session.webdavUrl ? (
            <>
              <Typography.Text type="secondary" id="edit-webdav-hint">
                {t('editing.webdavHint')}
              </Typography.Text>
              <Space.Compact style={{ maxWidth: 720 }}>
                {/* Named by the hint above it, which says what the address is for (issue 31). */}
                <Input id="edit-webdav-url" aria-labelledby="edit-webdav-hint" readOnly value={session.webdavUrl} />
                <Button
                  icon={<CopyOutlined />}
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(session.webdavUrl!)
                      .then(() => message.success(t('editing.copied')))
                  }
                >
                  {t('editing.copy')}
                </Button>
              </Space.Compact>
            </>
          ) : null}
          <Space wrap>
            {session.officeUri ? (
              <Button id="edit-open-office" href={session.officeUri}>
                {t('editing.openInOffice')}
              </Button>
            ) : null}
            {session.mode === 'checkout' ? (
              <>
                <Button id="edit-download" href={download} download={session.fileName}>
                  {t('editing.downloadCheckedOut')}
                </Button>
                <Upload
                  showUploadList={false}
                  maxCount={1}
                  beforeUpload={(file) => {
                    checkIn.mutate(file, { onSuccess: done });
                    return false;
                  }}
                >
                  <Button id="edit-check-in" type="primary" icon={<UploadOutlined />} loading={checkIn.isPending}>
                    {t('editing.checkIn')}
                  </Button>
                </Upload>
              </>
            ) : (
              <Button id="edit-finish" type="primary" loading={end.isPending} onClick={() => finish(false)}>
                {session.changed ? t('editing.finishSave') : t('editing.finish')}
              </Button>
            )}
            <Popconfirm title={t('editing.discardConfirm')} onConfirm={() => finish(true)}>
              <Button id="edit-discard" danger>
                {session.mode === 'checkout' ? t('editing.cancelCheckOut') : t('editing.discard')}
              </Button>
            </Popconfirm>
          </Space>
        </Flex>
      }
    />
  );
}
