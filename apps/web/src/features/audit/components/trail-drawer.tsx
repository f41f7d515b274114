import { Col, Drawer, Empty, List, Row, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@edoc/contract/document';
import { describeTrail } from '@edoc/contract/trail-format';
import { formatDateTime, formatInstant, timeZoneLabel } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { useVersions } from '../../document/api';
import { useFileTrail } from '../api';
import { TrailChanges } from './trail-changes';

/** A document's trail and, with viewVersionDoc, its versions beside it (issue 4: for an inspector's reading). */
export function TrailDrawer({ row, onClose }: { row: FileRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fileId = row?.fileId ?? 0;
  const withVersions = row?.abilities.includes('viewVersionDoc') ?? false;
  const trail = useFileTrail(fileId, !!row);
  const versions = useVersions(fileId, !!row && withVersions);
  const lang = currentLang();
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={withVersions ? 900 : 560}
      title={row ? `${t('audit.fileTrail')} · ${row.file_name}` : ''}
      destroyOnHidden
    >
      <Row gutter={24}>
        <Col span={withVersions ? 15 : 24}>
          {trail.data?.length ? (
            <div id="file-trail">
              <Timeline
                items={trail.data.map((r) => ({
                  children: (
                    <>
                      <Typography.Text strong title={timeZoneLabel()}>
                        {formatInstant(r.at)}
                      </Typography.Text>{' '}
                      · {r.actorName} <Tag>{t(`audit.types.${r.type}`, { defaultValue: String(r.type) })}</Tag>
                      {r.version ? <Tag color="blue">{r.version}</Tag> : null}
                      <TrailChanges description={describeTrail(r, lang)} />
                    </>
                  ),
                }))}
              />
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={trail.isFetching ? '' : t('audit.empty')} />
          )}
        </Col>
        {withVersions ? (
          <Col span={9}>
            <Typography.Title level={5}>{t('audit.versions')}</Typography.Title>
            <List
              id="file-trail-versions"
              size="small"
              loading={versions.isFetching}
              dataSource={versions.data ?? []}
              renderItem={(v) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <>
                        {v.versionNo} {v.current ? <Tag color="green">✓</Tag> : null} {v.label ?? ''}
                      </>
                    }
                    description={`${v.creator} · ${formatDateTime(v.createdtime)} · ${v.sha256.slice(0, 12)}`}
                  />
                </List.Item>
              )}
            />
          </Col>
        ) : null}
      </Row>
    </Drawer>
  );
}
