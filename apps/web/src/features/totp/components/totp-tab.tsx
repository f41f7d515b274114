import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useTotpStatus } from '../api';
import { DisableDialog } from './disable-dialog';
import { EnrolDialog } from './enrol-dialog';
import { RenewDialog } from './renew-dialog';

type Open = 'enrol' | 'renew' | 'disable' | null;

/** The user centre's "Two-factor" tab: the factor's state and what the owner may do with it. */
export function TotpTab() {
  const { t } = useTranslation();
  const status = useTotpStatus();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  if (status.isError) return <Result status="warning" title={t('totp.loadFailed')} />;
  const s = status.data;
  return (
    <Card title={t('totp.title')} variant="borderless" id="totp-card" style={{ maxWidth: 720 }}>
      {!s ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <p style={{ margin: 0 }}>{t('totp.intro')}</p>
          {s.required && !s.enrolled && <Alert type="warning" showIcon title={t('totp.requiredNotEnrolled')} />}
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'state',
                label: t('totp.state'),
                children: s.enrolled ? <Tag color="green">{t('totp.stateOn')}</Tag> : <Tag>{t('totp.stateOff')}</Tag>,
              },
              ...(s.enrolled
                ? [
                    { key: 'since', label: t('totp.since'), children: formatDateTime(s.confirmedAt) },
                    { key: 'left', label: t('totp.codesLeft'), children: s.recoveryCodesLeft },
                  ]
                : []),
              { key: 'policy', label: t('totp.policy'), children: t(s.required ? 'totp.policyOn' : 'totp.policyOff') },
            ]}
          />
          {s.enrolled && s.recoveryCodesLeft <= 2 && <Alert type="info" showIcon title={t('totp.fewCodes')} />}
          <Space wrap>
            {s.enrolled ? (
              <>
                <Button id="totp-renew" onClick={() => setOpen('renew')}>
                  {t('totp.renew')}
                </Button>
                <Button id="totp-disable" danger onClick={() => setOpen('disable')}>
                  {t('totp.disable')}
                </Button>
              </>
            ) : (
              <Button id="totp-enrol" type="primary" onClick={() => setOpen('enrol')}>
                {t('totp.enrol')}
              </Button>
            )}
          </Space>
        </Space>
      )}
      <EnrolDialog open={open === 'enrol'} onClose={close} />
      <RenewDialog open={open === 'renew'} onClose={close} />
      <DisableDialog open={open === 'disable'} onClose={close} />
    </Card>
  );
}
