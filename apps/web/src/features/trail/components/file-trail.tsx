import { Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeTrail } from '@edoc/contract/trail-format';
import { formatInstant, timeZoneLabel } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { useFileTrail } from '../api';
import { TrailChanges } from './trail-changes';

/** A document's trail, oldest first, each row's instant in the reader's zone (the side panel's Trail tab). */
export function FileTrail({ fileId }: { fileId: number }) {
  const { t } = useTranslation();
  const trail = useFileTrail(fileId, true);
  const lang = currentLang();
  if (!trail.data?.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={trail.isFetching ? '' : t('audit.empty')} />;
  return (
    <div id="file-trail">
      <Timeline
        items={trail.data.map((r) => ({
          key: r.id,
          children: (
            <>
              <Typography.Text strong title={timeZoneLabel()}>
                {formatInstant(r.at)}
              </Typography.Text>{' '}
              · {r.actorName} <Tag>{t(`audit.types.${r.type}`, { defaultValue: String(r.type) })}</Tag>
              {r.version ? <Tag color="blue">{r.version}</Tag> : null}
              <TrailChanges description={describeTrail(r, lang, { instant: formatInstant })} />
            </>
          ),
        }))}
      />
    </div>
  );
}
