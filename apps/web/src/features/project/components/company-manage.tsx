import { useState } from 'react';
import { BankOutlined } from '@ant-design/icons';
import { App, Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserType } from '@edoc/contract/enums';
import { DEFAULT_PAGE_SIZE } from '@edoc/contract/limits';
import { paths } from '../../../config/paths';
import { setSession } from '../../../lib/session';
import { useEnterCompany, useManagedCompanies } from '../select-api';

/** SPEC §2: the company dropdown and its Manage button, for users who may manage a company. */
export function CompanyManage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [companyId, setCompanyId] = useState<number | undefined>();
  const companies = useManagedCompanies();
  const enterCompany = useEnterCompany();
  const manage = (id: number) =>
    enterCompany.mutate(id, {
      onSuccess: (data) => {
        const chosen = companies.data?.find((c) => c.company_id === id);
        setSession({
          userType: UserType.Company,
          roleCode: data.roleCode,
          companyId: data.companyId ?? id,
          companyName: data.companyName ?? chosen?.company_name ?? null,
          // Nothing of a previously chosen project applies inside the company area.
          projectId: null,
          projectName: null,
          fullAccess: false,
          authorities: [],
          libraryKeys: [],
          auditMode: [],
          libraryFolder: false,
          pageSize: DEFAULT_PAGE_SIZE,
          closed: false,
          inspector: null,
        });
        void navigate(paths.company.root);
      },
    });

  // SPEC §2: the dropdown and its button exist only for users who may manage a company.
  if (!companies.data?.length) return null;
  return (
    <Space.Compact>
      <Select<number>
        id="company-select"
        style={{ width: 240 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('select.companyPlaceholder')}
        aria-label={t('select.companyPlaceholder')}
        value={companyId}
        onChange={(value) => setCompanyId(value)}
        options={companies.data.map((c) => ({ value: c.company_id, label: c.company_name }))}
      />
      <Button
        id="company-manage"
        type="primary"
        icon={<BankOutlined />}
        loading={enterCompany.isPending}
        onClick={() => {
          if (companyId == null) {
            void message.warning(t('select.chooseCompanyFirst'));
            return;
          }
          manage(companyId);
        }}
      >
        {t('select.manage')}
      </Button>
    </Space.Compact>
  );
}
