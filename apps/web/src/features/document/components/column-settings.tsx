import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Flex, Popover, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../lib/use-preference';

/** The document list's columns a user may show, hide and order (the actions column always stays, at the end). */
export const FILE_COLUMNS = [
  'folder',
  'name',
  'version',
  'status',
  'receiver',
  'fileCode',
  'effectiveDate',
  'expirationDate',
  'updated',
  'type',
  'comment',
  'creator',
  'created',
] as const;
export type FileColumn = (typeof FILE_COLUMNS)[number];

export interface TableLayout {
  order: FileColumn[];
  hidden: FileColumn[];
  density: 'compact' | 'comfortable';
  /** Widths the user dragged a column's edge to, in pixels; the others keep their default. */
  widths: Partial<Record<FileColumn, number>>;
}

/** By default what fits beside the tree at 1440 pixels without a sideways scroll; the rest a click away. */
const DEFAULT_LAYOUT: TableLayout = {
  order: [...FILE_COLUMNS],
  // Measured at 1440×900 beside the folder tree: folder, name, file code, version and status fit with the actions.
  hidden: ['effectiveDate', 'expirationDate', 'updated', 'type', 'comment', 'creator', 'created'],
  density: 'comfortable',
  widths: {},
};

/** The user's layout of the document list, remembered per user in this browser (issue 12). */
export function useTableLayout(): [TableLayout, (next: TableLayout) => void] {
  const [layout, setLayout] = usePreference<TableLayout>('documents.table', DEFAULT_LAYOUT);
  // A column added since the layout was saved goes to the end, shown.
  const known = layout.order.filter((c) => (FILE_COLUMNS as readonly string[]).includes(c));
  const order = [...known, ...FILE_COLUMNS.filter((c) => !known.includes(c))];
  return [{ ...layout, order, widths: layout.widths ?? {} }, setLayout];
}

/** The "Columns" button: show or hide each column, move it up or down, and the density; reset to the default. */
export function ColumnSettings({ layout, onChange }: { layout: TableLayout; onChange: (next: TableLayout) => void }) {
  const { t } = useTranslation();
  const move = (index: number, by: -1 | 1) => {
    const order = [...layout.order];
    [order[index], order[index + by]] = [order[index + by], order[index]];
    onChange({ ...layout, order });
  };
  const toggle = (column: FileColumn, shown: boolean) =>
    onChange({ ...layout, hidden: shown ? layout.hidden.filter((c) => c !== column) : [...layout.hidden, column] });
  const content = (
    <Flex vertical gap={4} style={{ width: 260 }} id="document-columns-panel">
      <Segmented<TableLayout['density']>
        id="document-density"
        block
        value={layout.density}
        onChange={(density) => onChange({ ...layout, density })}
        options={[
          { value: 'comfortable', label: t('document.columns.comfortable') },
          { value: 'compact', label: t('document.columns.compact') },
        ]}
      />
      <Divider style={{ margin: '8px 0' }} />
      {layout.order.map((column, index) => (
        <Flex key={column} align="center" justify="space-between">
          <Checkbox
            id={`document-column-${column}`}
            checked={!layout.hidden.includes(column)}
            // The name stays: a row without it says nothing.
            disabled={column === 'name'}
            onChange={(e) => toggle(column, e.target.checked)}
          >
            {t(`document.col.${column}`)}
          </Checkbox>
          <span>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('document.columns.up', { name: t(`document.col.${column}`) })}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('document.columns.down', { name: t(`document.col.${column}`) })}
              disabled={index === layout.order.length - 1}
              onClick={() => move(index, 1)}
            />
          </span>
        </Flex>
      ))}
      <Divider style={{ margin: '8px 0' }} />
      <Typography.Link id="document-columns-reset" onClick={() => onChange(DEFAULT_LAYOUT)}>
        {t('document.columns.reset')}
      </Typography.Link>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('document.columns.title')} content={content}>
      <Button id="document-columns" icon={<SettingOutlined />}>
        {t('document.columns.title')}
      </Button>
    </Popover>
  );
}
