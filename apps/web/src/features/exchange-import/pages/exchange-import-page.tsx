import { Card, Collapse, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserType } from '@edoc/contract/enums';
import { paths } from '../../../config/paths';
import { getSessionValue, useSession } from '../../../lib/session';
import { useAddressParams } from '../../../lib/use-address-params';
import { MB } from '@edoc/contract/limits';
import { useImportFromServer, useImports, useUploadPackage } from '../api';
import { ImportTable } from '../components/import-table';
import { PackageUpload } from '../components/package-upload';
import { ServerPathForm } from '../components/server-path-form';

/** The largest package uploaded through the browser (the server's upload cap); larger ones go on the server. */
const PACKAGE_CAP = 512 * MB;

/** A positive whole number from the address, else the fallback (a hand-edited address lists the first page). */
const pageParam = (raw: string | null, fallback: number) =>
  raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : fallback;

/**
 * /exchange/import (issue 28 part 2): the project's EMS imports, newest first, and a new one from an uploaded zip or
 * (for administrators) a package on the server. A new import opens at once, to follow its checks. The page is in the
 * address, so back returns to it.
 */
export function ExchangeImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [params, setParams] = useAddressParams();
  const page = pageParam(params.get('page'), 1);
  const pageSize = pageParam(params.get('pageSize'), getSessionValue('pageSize'));
  const imports = useImports({ page, pageSize });
  const upload = useUploadPackage();
  const fromServer = useImportFromServer({ silentError: true });
  const open = (id: number) => navigate(`${paths.project.exchangeImport}/${id}`);
  // The server decides (importDoc on some folder, a closed project refuses); these only spare a refusal.
  const mayImport = !session.closed && (session.fullAccess || session.authorities.includes('importDoc'));
  // The server's import folder is the system's: its administrators and the company's name packages there.
  const mayUseServer = mayImport && session.userType !== UserType.Project && session.fullAccess;

  const setPage = (next: number, nextSize: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('page', String(next));
      copy.set('pageSize', String(nextSize));
      return copy;
    });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('exchangeImport.title')}>
        <Typography.Paragraph type="secondary">{t('exchangeImport.intro')}</Typography.Paragraph>
        {mayImport ? (
          <>
            <Typography.Title level={5}>{t('exchangeImport.upload.title')}</Typography.Title>
            <PackageUpload
              maxBytes={PACKAGE_CAP}
              upload={async (file, onProgress) => open((await upload.mutateAsync({ file, onProgress })).id)}
            />
            {mayUseServer ? (
              <Collapse
                ghost
                style={{ marginTop: 12 }}
                items={[
                  {
                    key: 'server',
                    label: t('exchangeImport.server.title'),
                    children: (
                      <ServerPathForm
                        pending={fromServer.isPending}
                        submit={async (path) => open((await fromServer.mutateAsync(path)).id)}
                      />
                    ),
                  },
                ]}
              />
            ) : null}
          </>
        ) : session.closed ? null : (
          // A closed project says so in its banner; here only the missing right needs saying.
          <Typography.Paragraph id="exchange-import-no-right">{t('exchangeImport.noRight')}</Typography.Paragraph>
        )}
      </Card>
      <Card title={t('exchangeImport.list.title')}>
        <ImportTable
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
