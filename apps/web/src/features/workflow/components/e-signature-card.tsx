import { SafetyCertificateOutlined, WarningOutlined } from '@ant-design/icons';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkflowHistory } from '@edoc/contract/workflow-requests';

type ESignature = NonNullable<WorkflowHistory[number]['stages'][number]['assignees'][number]['signature']>;

/** The signer's wall-clock time in the zone they signed in (the 'sv' locale writes ISO-like 2026-03-01 12:05:06). */
function signedTime(s: ESignature): string {
  const at = new Date(s.signedAt);
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(at);
  try {
    return `${format(s.timeZone)} (${s.timeZone})`;
  } catch {
    // A zone this browser does not know: the UTC time, said as such.
    return `${format('UTC')} (UTC)`;
  }
}

/**
 * A Part 11 signature manifestation (21 CFR 11.50): printed name, time with its zone, meaning, and the content it
 * was bound to. Once a newer version exists the signature is shown as not applying to what is current.
 */
export function ESignatureCard({ signature: s }: { signature: ESignature }) {
  const { t } = useTranslation();
  const stale = !s.appliesToCurrent;
  return (
    <Flex
      vertical
      className="workflow-signature"
      style={{
        marginTop: 4,
        padding: '6px 8px',
        borderLeft: `3px solid ${stale ? '#d9d9d9' : '#52c41a'}`,
        background: stale ? '#fafafa' : '#f6ffed',
        fontSize: 12,
      }}
    >
      <Typography.Text style={{ fontSize: 12 }} type={stale ? 'secondary' : undefined}>
        <SafetyCertificateOutlined /> {s.signerName} · {t(`workflow.meaning.${s.meaning}`, { defaultValue: s.meaning })}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {signedTime(s)}
      </Typography.Text>
      <Tooltip title={s.contentSha256}>
        <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
          SHA-256 {s.contentSha256.slice(0, 12)}…
        </Typography.Text>
      </Tooltip>
      {stale ? (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          <WarningOutlined /> {t('workflow.history.notCurrent')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
