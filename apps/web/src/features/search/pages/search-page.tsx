import { useState } from 'react';
import { Card, Empty, Flex, Input, List, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/use-address-params';
import { highlightTerms, parseQuery } from '@edoc/contract/search';
import { getSessionValue } from '../../../lib/session';
import { useSearch, type SearchParams } from '../api';
import { SearchFilters } from '../components/search-filters';
import { SearchHitItem } from '../components/search-hit';
import { FILTER_KEYS, hasFilters, num, readFilters } from '../search-address';

/**
 * /search?q=… (issue 13): the project's documents by the words in them, their names, codes, tags and comments.
 * The words, filters, order and page are in the address, so back, reload and a shared link give the same results.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useAddressParams();
  const [pageSize, setPageSize] = useState<number>(() => getSessionValue('pageSize'));
  const filters = readFilters(params);
  const query: SearchParams = {
    q: params.get('q')?.trim() ?? '',
    ...filters,
    sort: params.get('sort') === 'date' ? 'date' : 'relevance',
    pageNum: num(params.get('page')) ?? 1,
    pageSize,
  };
  const listing = query.q !== '' || hasFilters(filters);
  const found = useSearch(query, hasFilters(filters));
  const word = highlightTerms(parseQuery(query.q))[0] ?? null;
  // A new word, filter or order starts again at page 1.
  const change = (next: Record<string, string | undefined>) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === '') copy.delete(key);
        else copy.set(key, value);
      }
      if (!('page' in next)) copy.delete('page');
      return copy;
    });
  const total = found.data?.total ?? 0;

  return (
    <Card size="small" title={t('search.title')}>
      <Flex vertical gap={16}>
        <Flex gap={8} wrap align="center">
          <Input.Search
            key={query.q}
            id="search-query"
            defaultValue={query.q}
            allowClear
            enterButton
            style={{ maxWidth: 520 }}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            onSearch={(q) => change({ q: q.trim() })}
          />
          <Segmented<SearchParams['sort']>
            id="search-sort"
            value={query.sort}
            onChange={(v) => change({ sort: v === 'date' ? 'date' : undefined })}
            options={[
              { value: 'relevance', label: t('search.byRelevance') },
              { value: 'date', label: t('search.byDate') },
            ]}
          />
        </Flex>
        <SearchFilters
          values={filters}
          onChange={change}
          onClear={() => change(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])))}
        />
        <Typography.Text type="secondary" id="search-help">
          {t('search.help')}
        </Typography.Text>
        {listing ? (
          <List
            id="search-results"
            loading={found.isFetching}
            header={
              found.data ? (
                <Flex gap={12} wrap>
                  <Typography.Text id="search-total">
                    {found.data.capped
                      ? t('search.totalCapped', { total: total.toLocaleString() })
                      : t('search.total', { count: total })}
                  </Typography.Text>
                  {found.data.ranked ? null : (
                    <Typography.Text type="warning" id="search-newest-first">
                      {t('search.newestFirst')}
                    </Typography.Text>
                  )}
                </Flex>
              ) : null
            }
            dataSource={found.data?.data ?? []}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.none')} />,
            }}
            renderItem={(hit) => (
              <List.Item key={hit.fileId}>
                <SearchHitItem hit={hit} word={word} />
              </List.Item>
            )}
            pagination={
              total > 0
                ? {
                    current: query.pageNum,
                    pageSize,
                    total,
                    showSizeChanger: true,
                    onChange: (page, size) => {
                      if (size !== pageSize) {
                        setPageSize(size);
                        change({});
                      } else change({ page: String(page) });
                    },
                  }
                : false
            }
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.start')} />
        )}
      </Flex>
    </Card>
  );
}
