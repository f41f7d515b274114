import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Descriptions, Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertifiedCopyShown } from '@edoc/contract/certified-copy';
import { formatDateTime, nameBeforeChinese } from '../lib/format';

/**
 * "Certified copy" beside a version or document (issue 28 part 4): a scan certified with an e-signature as a copy of
 * its paper original. Who certified it, when, the pages checked and the content's sha256 open on hover, on keyboard
 * focus or on a click, so everywhere it is shown the reader can hold the hash to the file.
 */
export function CertifiedCopyTag({ copy, id }: { copy: CertifiedCopyShown; id?: string }) {
  const { t, i18n } = useTranslation();
  const details = (
    <Descriptions
      size="small"
      column={1}
      style={{ maxWidth: 420 }}
      items={[
        { key: 'by', label: t('certifiedCopy.by'), children: nameBeforeChinese(copy.by, i18n.language) },
        { key: 'at', label: t('certifiedCopy.at'), children: formatDateTime(copy.at) },
        { key: 'pages', label: t('certifiedCopy.pages'), children: copy.pages },
        {
          key: 'sha256',
          label: 'SHA-256',
          children: (
            <Typography.Text code copyable style={{ wordBreak: 'break-all', fontSize: 12 }}>
              {copy.sha256}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
  return (
    <Popover title={t('certifiedCopy.title')} content={details} trigger={['hover', 'focus', 'click']}>
      <Tag id={id} color="green" icon={<SafetyCertificateOutlined />} tabIndex={0} style={{ cursor: 'pointer' }}>
        {t('certifiedCopy.tag')}
      </Tag>
    </Popover>
  );
}
