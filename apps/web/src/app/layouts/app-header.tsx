import { ClockCircleOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Layout, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { Lang } from '@edoc/contract/enums';
import { formatCountdown } from '@edoc/contract/dates';
import { LanguageSwitch } from '../../components/language-switch';
import { useSaveSessionLanguage } from '../../features/auth/api';
import { useSignOut } from '../../features/auth/use-sign-out';
import { useIdleRemaining } from '../../lib/idle-timer';
import { useSession } from '../../lib/session';
import { IdleWatcher } from './idle-watcher';

interface AppHeaderProps {
  /** Left side: the area's title, a collapse button, or the brand on pages without a menu. */
  leading?: ReactNode;
}

function IdleCountdown() {
  const { t } = useTranslation();
  const { remaining } = useIdleRemaining();
  if (remaining == null) return null;
  return (
    <Tooltip title={t('idle.tooltip')}>
      <Typography.Text type={remaining <= 60 ? 'danger' : 'secondary'} aria-label={t('idle.tooltip')}>
        <ClockCircleOutlined /> <span id="idle-countdown">{formatCountdown(remaining)}</span>
      </Typography.Text>
    </Tooltip>
  );
}

export function AppHeader({ leading }: AppHeaderProps) {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const saveLanguage = useSaveSessionLanguage();
  const storeLanguage = (lang: Lang) => saveLanguage.mutate(lang);
  return (
    <Layout.Header
      style={{
        background: '#fff',
        padding: '0 24px',
        borderBottom: '1px solid #f0f0f0',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
      }}
    >
      <Flex align="center" gap={12} style={{ minWidth: 0 }}>
        {leading}
      </Flex>
      <Flex align="center" gap={16}>
        <IdleCountdown />
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} />
          <Typography.Text id="header-user-name">{session.userName}</Typography.Text>
        </Flex>
        <LanguageSwitch onChanged={storeLanguage} />
        <Button id="logout-button" type="text" icon={<LogoutOutlined />} onClick={() => void signOut()}>
          {t('common.logout')}
        </Button>
      </Flex>
      <IdleWatcher />
    </Layout.Header>
  );
}
