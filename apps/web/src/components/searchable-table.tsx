import type { Page } from '@edoc/contract/envelope';
import { Empty, Flex, Input, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useListState } from '../lib/use-list-state';
import { StillReadable } from './read-only';

interface SearchableTableProps<T> {
  searchId: string;
  tableId: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  page: { data?: Page<T>; isFetching: boolean };
  list: ReturnType<typeof useListState>;
  searchPlaceholder: string;
  /** Shown when there is nothing at all; a search that finds nothing says so instead. */
  emptyText: string;
}

/** A search box over a server-paged table: the shape of every administration list. */
export function SearchableTable<T extends object>(props: SearchableTableProps<T>) {
  const { t } = useTranslation();
  const { list, page } = props;
  return (
    <>
      <Flex style={{ marginBottom: 16 }}>
        <StillReadable>
          <Input.Search
            id={props.searchId}
            style={{ maxWidth: 360 }}
            allowClear
            placeholder={props.searchPlaceholder}
            aria-label={props.searchPlaceholder}
            onSearch={list.search}
          />
        </StillReadable>
      </Flex>
      <Table<T>
        id={props.tableId}
        rowKey={props.rowKey}
        size="middle"
        loading={page.isFetching}
        columns={props.columns}
        dataSource={page.data?.data ?? []}
        pagination={list.pagination(page.data?.total)}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={list.searchValue ? t('common.noMatch') : props.emptyText}
            />
          ),
        }}
      />
    </>
  );
}
