import { useState } from 'react';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQualityIssues } from '../api';
import { RaiseIssueDialog, type IssueTarget } from './raise-issue-dialog';

/**
 * The viewer's "Raise issue on this page": the raise dialog with the page being read filled in. Shown only to
 * those the server lets raise one on the document (the list's canRaise; one row is enough to learn it).
 */
export function RaiseOnPage({ target, page }: { target: IssueTarget; page: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The page as it was when the dialog opened: scrolling behind the dialog does not change what was chosen.
  const [chosen, setChosen] = useState(page);
  // A button that cannot learn whether it may be offered stays away; the viewer's own errors are the page's.
  const issues = useQualityIssues(
    { documentId: target.documentId, page: 1, pageSize: 1 },
    { meta: { silentError: true } },
  );
  if (!issues.data?.canRaise) return null;
  return (
    <>
      <Button
        id="viewer-raise-issue"
        icon={<ExclamationCircleOutlined />}
        onClick={() => {
          setChosen(page);
          setOpen(true);
        }}
      >
        {t('qualityIssue.raiseOnPage')}
      </Button>
      <RaiseIssueDialog open={open} target={target} page={chosen} onClose={() => setOpen(false)} />
    </>
  );
}
