import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoardAttachment } from '@edoc/contract/board';
import { formatSize } from '../../../lib/format';
import { useDownloadAttachment } from '../api';

/** A post's files as download links (fetched with the session, saved under their own names). */
export function AttachmentList({ files }: { files: BoardAttachment[] }) {
  const { t } = useTranslation();
  const download = useDownloadAttachment();
  if (files.length === 0) return null;
  return (
    <Space wrap size={[8, 4]} style={{ marginBottom: 8 }}>
      {files.map((f) => (
        <Button
          key={f.id}
          id={`board-file-${f.id}`}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          aria-label={t('board.download', { name: f.fileName })}
          loading={download.isPending && download.variables?.id === f.id}
          onClick={() => download.mutate(f)}
        >
          {f.fileName} ({formatSize(f.size)})
        </Button>
      ))}
    </Space>
  );
}
