import { App, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmfGroupBy } from '@edoc/contract/tmf-health';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSetTmfMail, useTmfMail } from '../api';

/**
 * "Mail me this weekly" (issue 27 part 6): the reader's own subscription to the dashboard by mail, grouped as the
 * page is when they switch it on. Each member chooses for themself; the mail carries what they may see.
 */
export function MailSwitch({ groupBy }: { groupBy: TmfGroupBy }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // A closed project changes nothing, this switch included (the server refuses with project_closed).
  const { closed } = useSession();
  const state = useTmfMail();
  const saving = useSetTmfMail();
  const subscribed = state.data?.subscribed ?? false;
  const last = state.data?.lastMailedAt;
  const toggle = (on: boolean) =>
    saving.mutate(
      { subscribed: on, ...(on ? { groupBy } : {}) },
      { onSuccess: () => void message.success(t(on ? 'tmfHealth.mail.subscribed' : 'tmfHealth.mail.unsubscribed')) },
    );
  return (
    <Flex align="center" gap={8}>
      <Switch
        id="tmf-health-mail"
        size="small"
        aria-describedby="tmf-health-mail-last"
        checked={subscribed}
        disabled={state.isPending || closed}
        loading={saving.isPending}
        onChange={toggle}
      />
      <label htmlFor="tmf-health-mail">{t('tmfHealth.mail.label')}</label>
      <Typography.Text type="secondary" id="tmf-health-mail-last">
        {subscribed
          ? last
            ? t('tmfHealth.mail.last', { at: formatDateTime(last) })
            : t('tmfHealth.mail.none')
          : t('tmfHealth.mail.off')}
      </Typography.Text>
    </Flex>
  );
}
