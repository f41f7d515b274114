import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExpectedItem } from '@edoc/contract/expected';

const COLORS = { expected: 'blue', filed: 'green', not_applicable: 'default' } as const;

/** The item's state, with "Overdue" beside an expected one past its due date (a filter, never a state). */
export function ExpectedStateTag({ item }: { item: Pick<ExpectedItem, 'id' | 'state' | 'overdue'> }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag id={`expected-state-${item.id}`} color={COLORS[item.state]} style={{ marginInlineEnd: 0 }}>
        {t(`expected.state.${item.state}`)}
      </Tag>
      {item.overdue ? (
        <Tag id={`expected-overdue-${item.id}`} color="red" style={{ marginInlineEnd: 0 }}>
          {t('expected.overdue')}
        </Tag>
      ) : null}
    </Space>
  );
}
