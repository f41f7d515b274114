import { Button, DatePicker, Flex, Select, Tag, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '@edoc/contract/folder';
import { folderLabel } from '../../../components/folder-tree/folder-tree-model';
import { useSession } from '../../../lib/session';
import { useWorkTree } from '../../folder/work-tree';
import { useAllMembers } from '../../member/api';
import { useSites } from '../../site/api';
import { useTags } from '../../tag/api';
import { hasFilters, type SearchFilterValues } from '../search-address';

const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const TYPES = ['pdf', 'docx', 'doc', 'xlsx', 'xls', 'pptx', 'txt', 'csv', 'png', 'jpg'];

/** What a filter becomes in the address: undefined removes it. */
export type FilterChange = Partial<Record<keyof SearchFilterValues, string | undefined>>;

interface FolderOption {
  value: number;
  title: string;
  children: FolderOption[];
}

/**
 * Any folder may be chosen: the server searches it and its subfolders, only those the caller may view (a parent
 * the caller may not open still holds children they may).
 */
function folderOptions(nodes: FolderNode[], lang: string): FolderOption[] {
  return nodes.map((n) => ({
    value: n.folderId,
    title: folderLabel(n, lang),
    children: folderOptions(n.children, lang),
  }));
}

const text = (id: number | undefined) => (id === undefined ? undefined : String(id));
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
/** A picker's share of the row: at least `basis` (a long choice is cut, not pushed to the next line), at most `max`. */
const PICKER_STALE_MS = 5 * 60_000;

const share = (basis: number, max: number, grow = 1) => ({ flex: `${grow} 1 ${basis}px`, minWidth: 0, maxWidth: max });

/**
 * The results page's filters, on one wrapping row: the pickers share the width (at 1440 px all of them and the clear
 * link fit on one line), the days keep theirs. The creator list is the project's members, which only project
 * administrators may read (as in the workspace); sites, tags and the work folders any member may read.
 */
export function SearchFilters(props: {
  values: SearchFilterValues;
  onChange: (next: FilterChange) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { values, onChange } = props;
  const admin = useSession().fullAccess;
  // The pickers' lists change rarely (and this user's own changes invalidate them): not asked again at each search,
  // whose page mounts anew each time (issue 30 part 4).
  const { tree, roots } = useWorkTree({ staleTime: PICKER_STALE_MS });
  const sites = useSites({ staleTime: PICKER_STALE_MS });
  const tags = useTags({ staleTime: PICKER_STALE_MS });
  const members = useAllMembers({ enabled: admin, staleTime: PICKER_STALE_MS });
  const dates: [Dayjs | null, Dayjs | null] | null =
    values.startDate || values.endDate
      ? [values.startDate ? dayjs(values.startDate) : null, values.endDate ? dayjs(values.endDate) : null]
      : null;

  return (
    <Flex id="search-filters" gap={8} wrap align="center">
      <Select<number>
        id="search-status"
        allowClear
        style={share(110, 180)}
        popupMatchSelectWidth={false}
        placeholder={t('search.anyStatus')}
        aria-label={t('search.filter.status')}
        value={values.status}
        onChange={(v) => onChange({ status: text(v) })}
        options={STATUSES.map((s) => ({ value: s, label: t(`document.status.${s}`) }))}
      />
      <Select<string>
        id="search-type"
        allowClear
        style={{ flex: '0 0 100px' }}
        placeholder={t('search.anyType')}
        aria-label={t('search.filter.type')}
        value={values.type}
        onChange={(v) => onChange({ type: v })}
        options={TYPES.map((x) => ({ value: x, label: x.toUpperCase() }))}
      />
      <TreeSelect<number>
        id="search-folder"
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        style={share(150, 280, 2)}
        popupMatchSelectWidth={false}
        placeholder={t('search.anyFolder')}
        aria-label={t('search.filter.folder')}
        loading={tree.isFetching}
        value={values.folderId}
        onChange={(v) => onChange({ folderId: text(v) })}
        treeData={folderOptions(roots, i18n.language)}
      />
      <Select<number>
        id="search-site"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={share(120, 220)}
        popupMatchSelectWidth={false}
        placeholder={t('search.anySite')}
        aria-label={t('search.filter.site')}
        loading={sites.isFetching}
        value={values.siteId}
        onChange={(v) => onChange({ siteId: text(v) })}
        options={(sites.data ?? []).map((s) => ({ value: s.siteId, label: `${s.code} ${s.name}` }))}
      />
      {admin ? (
        <Select<number>
          id="search-creator"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={share(120, 200)}
          popupMatchSelectWidth={false}
          placeholder={t('search.anyCreator')}
          aria-label={t('search.filter.creator')}
          loading={members.isFetching}
          value={values.creatorId}
          onChange={(v) => onChange({ creatorId: text(v) })}
          options={(members.data?.data ?? []).map((m) => ({ value: m.userId, label: m.userName }))}
        />
      ) : null}
      <Select<number>
        id="search-tag"
        allowClear
        showSearch={{ optionFilterProp: 'title' }}
        style={share(100, 180)}
        popupMatchSelectWidth={false}
        placeholder={t('search.anyTag')}
        aria-label={t('search.filter.tag')}
        loading={tags.isFetching}
        value={values.tagId}
        onChange={(v) => onChange({ tagId: text(v) })}
        options={(tags.data ?? []).map((tag) => ({
          value: tag.id,
          title: tag.name,
          label: <Tag color={tag.color}>{tag.name}</Tag>,
        }))}
      />
      <DatePicker.RangePicker
        id="search-dates"
        style={{ flex: '0 0 270px' }}
        allowEmpty={[true, true]}
        aria-label={t('search.filter.updated')}
        placeholder={[t('search.updatedFrom'), t('search.updatedTo')]}
        value={dates}
        onChange={(range) => onChange({ startDate: day(range?.[0]), endDate: day(range?.[1]) })}
      />
      {values.filedFrom || values.filedTo ? (
        <Tag
          id="search-filed"
          closable
          onClose={() => onChange({ filedFrom: undefined, filedTo: undefined })}
          style={{ marginInlineEnd: 0 }}
        >
          {t('search.filed', { from: values.filedFrom ?? '…', to: values.filedTo ?? '…' })}
        </Tag>
      ) : null}
      {values.taskUserId !== undefined || values.taskOverdue !== undefined ? (
        <Tag
          id="search-tasks"
          closable
          onClose={() => onChange({ taskUserId: undefined, taskOverdue: undefined })}
          style={{ marginInlineEnd: 0 }}
        >
          {t(
            values.taskOverdue === true
              ? 'search.tasksOverdue'
              : values.taskOverdue === false
                ? 'search.tasksNotDue'
                : 'search.tasksOpen',
          )}
        </Tag>
      ) : null}
      {hasFilters(values) ? (
        <Button id="search-clear-filters" type="link" style={{ paddingInline: 4 }} onClick={props.onClear}>
          {t('search.clearFilters')}
        </Button>
      ) : null}
    </Flex>
  );
}
