import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MB } from '@edoc/contract/limits';
import { paths } from '../../../config/paths';
import { getSessionValue, useSession } from '../../../lib/session';
import { useAddressParams } from '../../../lib/use-address-params';
import { useBulkImports, useBulkTemplate, useUploadBulk } from '../api';
import { BulkTable } from '../components/bulk-table';
import { BulkUpload } from '../components/bulk-upload';

/** The largest zip uploaded through the browser (the server's upload cap, as the EMS import's). */
const ZIP_CAP = 512 * MB;

/** A positive whole number from the address, else the fallback (a hand-edited address lists the first page). */
const pageParam = (raw: string | null, fallback: number) =>
  raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : fallback;

/**
 * /exchange/bulk (issue 28 part 3): a new bulk import from a zip and an optional spreadsheet, and the project's bulk
 * imports, newest first. A new import opens at once, to follow its preview. The page is in the address, so back
 * returns to it.
 */
export function BulkImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [params, setParams] = useAddressParams();
  const page = pageParam(params.get('page'), 1);
  const pageSize = pageParam(params.get('pageSize'), getSessionValue('pageSize'));
  const imports = useBulkImports({ page, pageSize });
  const upload = useUploadBulk();
  const template = useBulkTemplate();
  // The server decides (importDoc on some folder, a closed project refuses); this only spares a refusal.
  const mayImport = !session.closed && (session.fullAccess || session.authorities.includes('importDoc'));

  const setPage = (next: number, nextSize: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('page', String(next));
      copy.set('pageSize', String(nextSize));
      return copy;
    });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('bulkImport.title')}>
        <Typography.Paragraph type="secondary">{t('bulkImport.intro')}</Typography.Paragraph>
        {mayImport ? (
          <>
            <Typography.Title level={5}>{t('bulkImport.upload.title')}</Typography.Title>
            <BulkUpload
              maxBytes={ZIP_CAP}
              templatePending={template.isPending}
              onTemplate={() => template.mutate()}
              upload={async (zip, sheet, onProgress) =>
                navigate(`${paths.project.exchangeBulk}/${(await upload.mutateAsync({ zip, sheet, onProgress })).id}`)
              }
            />
          </>
        ) : session.closed ? null : (
          <Typography.Paragraph id="bulk-import-no-right">{t('bulkImport.noRight')}</Typography.Paragraph>
        )}
      </Card>
      <Card title={t('bulkImport.list.title')}>
        <BulkTable
          rows={imports.data?.rows ?? []}
          total={imports.data?.total ?? 0}
          loading={imports.isLoading || imports.isPlaceholderData}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
        />
      </Card>
    </Space>
  );
}
