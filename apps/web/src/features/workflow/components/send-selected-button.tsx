import { useState } from 'react';
import { SendOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendDialog } from './send-dialog';

interface Batch {
  fileIds: number[];
  names: Record<number, string>;
}

/**
 * The workspace toolbar's "Send for review" for the selected documents, with the send dialog. The selection is
 * taken when the dialog opens: clearing it after sending must not empty the result table.
 */
export function SendSelectedButton(props: { fileIds: number[]; names: Record<number, string>; onSent?: () => void }) {
  const { t } = useTranslation();
  const [batch, setBatch] = useState<Batch | null>(null);
  return (
    <>
      {props.fileIds.length > 0 ? (
        <Button
          id="workflow-send-selected"
          icon={<SendOutlined />}
          onClick={() => setBatch({ fileIds: props.fileIds, names: props.names })}
        >
          {t('workflow.batch.button', { count: props.fileIds.length })}
        </Button>
      ) : null}
      {/* Mounted only while open: the workspace page stays as light as it was for everything else. */}
      {batch ? (
        <SendDialog
          open
          batch
          fileIds={batch.fileIds}
          names={batch.names}
          onClose={() => setBatch(null)}
          onSent={props.onSent}
        />
      ) : null}
    </>
  );
}
