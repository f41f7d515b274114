import { DatePicker, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { useSession } from '../../../lib/session';
import { useAllMembers } from '../../member/api';

export interface ListFilters {
  status?: number;
  creatorId?: number;
  startDate?: string;
  endDate?: string;
}

const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * Status, creator and creation days (issue 4). The creator list is the project's members, which only project
 * administrators may read; others find their own through My Documents.
 */
export function FileFilters({ onChange }: { onChange: (filters: ListFilters) => void }) {
  const { t } = useTranslation();
  const admin = useSession().fullAccess;
  const [filters, setFilters] = useState<ListFilters>({});
  const members = useAllMembers({ enabled: admin });
  const change = (next: Partial<ListFilters>) => {
    const merged = { ...filters, ...next };
    setFilters(merged);
    onChange(merged);
  };
  return (
    <Flex gap={8} wrap>
      <Select<number>
        id="document-filter-status"
        allowClear
        style={{ width: 180 }}
        placeholder={t('document.filter.anyStatus')}
        aria-label={t('document.col.status')}
        options={STATUSES.map((s) => ({ value: s, label: t(`document.status.${s}`) }))}
        onChange={(status) => change({ status })}
      />
      {admin ? (
        <Select<number>
          id="document-filter-creator"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          placeholder={t('document.filter.anyCreator')}
          aria-label={t('document.filter.creator')}
          loading={members.isFetching}
          options={(members.data?.data ?? []).map((m) => ({ value: m.userId, label: m.userName }))}
          onChange={(creatorId) => change({ creatorId })}
        />
      ) : null}
      <DatePicker.RangePicker
        id="document-filter-dates"
        // Either end may stay open ("created since …"); and without it the picker holds the focus in an empty start
        // field, so Tab never left it (a keyboard trap, issue 31).
        allowEmpty={[true, true]}
        aria-label={t('document.filter.created')}
        placeholder={[t('document.filter.createdFrom'), t('document.filter.createdTo')]}
        onChange={(range) => change({ startDate: day(range?.[0]), endDate: day(range?.[1]) })}
      />
    </Flex>
  );
}
