import { Alert, App, Button, Empty, Flex, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExpectedItem } from '@edoc/contract/expected';
import type { FileRow } from '@edoc/contract/document';
import { formatDate } from '../../../lib/format';
import { useExpectedMatches, useLinkExpected } from '../../expected/api';
import { artifactLabel, placeLabel } from '../../expected/labels';

/**
 * The side panel's "Expected documents" tab (issue 27 part 4): the items this document fulfils and the open items of
 * its artifact, level and place it could fulfil. Who may edit the document's details links and unlinks; when several
 * items fit, the person picks the one it fulfils (the server never guesses between them).
 */
export function ExpectedTab({ row, canEdit }: { row: FileRow; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const matches = useExpectedMatches(row.fileId);
  const link = useLinkExpected();
  const name = (item: ExpectedItem) => artifactLabel(item, i18n.language);

  const act = (item: ExpectedItem, linking: boolean) =>
    link.mutate(
      { link: linking, itemId: item.id, documentId: row.fileId },
      {
        onSuccess: () =>
          void message.success(
            t(linking ? 'expected.panel.linkedTo' : 'expected.panel.unlinked', { name: name(item) }),
          ),
      },
    );
  const busy = (item: ExpectedItem) => link.isPending && link.variables?.itemId === item.id;

  // One element holds the list whatever it shows (loading, none, the items), so the list keeps its place and id.
  const itemList = (id: string, items: ExpectedItem[], none: string, linking: boolean) => (
    <div id={id}>
      {items.length === 0 ? (
        matches.isPending ? (
          <Spin />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={none} />
        )
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <li key={item.id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
              <Flex justify="space-between" align="center" gap={8}>
                <Flex vertical gap={2}>
                  <Typography.Text>{name(item)}</Typography.Text>
                  <Space size={6} wrap>
                    <Typography.Text type="secondary">{placeLabel(item, t)}</Typography.Text>
                    {item.occurrence > 1 ? (
                      <Typography.Text type="secondary">
                        {t('expected.occurrence', { n: item.occurrence })}
                      </Typography.Text>
                    ) : null}
                    {item.dueDate ? (
                      <Typography.Text type="secondary">
                        {t('expected.dueDate')} {formatDate(item.dueDate)}
                      </Typography.Text>
                    ) : null}
                    {item.overdue ? <Tag color="red">{t('expected.overdue')}</Tag> : null}
                  </Space>
                </Flex>
                {canEdit ? (
                  <Button
                    id={`expected-${linking ? 'link' : 'unlink'}-${item.id}`}
                    size="small"
                    type={linking ? 'primary' : 'default'}
                    loading={busy(item)}
                    disabled={link.isPending && !busy(item)}
                    aria-label={`${t(linking ? 'expected.panel.link' : 'expected.panel.unlink')} ${name(item)}`}
                    onClick={() => act(item, linking)}
                  >
                    {t(linking ? 'expected.panel.link' : 'expected.panel.unlink')}
                  </Button>
                ) : null}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Flex vertical gap={16} id="document-expected">
      <section aria-labelledby="document-expected-linked">
        <Typography.Title level={5} id="document-expected-linked">
          {t('expected.panel.linked')}
        </Typography.Title>
        {itemList('document-expected-linked-list', matches.data?.linked ?? [], t('expected.panel.noLinked'), false)}
      </section>
      <section aria-labelledby="document-expected-candidates">
        <Typography.Title level={5} id="document-expected-candidates">
          {t('expected.panel.candidates')}
        </Typography.Title>
        {canEdit && (matches.data?.candidates.length ?? 0) > 1 ? (
          <Alert type="info" showIcon title={t('expected.panel.pick')} style={{ marginBottom: 8 }} />
        ) : null}
        {itemList(
          'document-expected-candidate-list',
          matches.data?.candidates ?? [],
          t('expected.panel.noCandidates'),
          true,
        )}
      </section>
    </Flex>
  );
}
