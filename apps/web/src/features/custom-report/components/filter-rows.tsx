import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, InputNumber, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OP_LABELS, OPS_BY_KIND, type FilterOp, type ReportFilter } from '@edoc/contract/custom-report';
import { DATASET_FIELDS, pickLabel, type CustomDataset, type ReportField } from '@edoc/contract/custom-report-fields';
import { currentLang } from '../../../lib/i18n';

type Value = ReportFilter['value'];
type Scalar = string | number;

interface ValueProps {
  field: ReportField;
  op: FilterOp;
  value: Value;
  onChange: (value: Value) => void;
  id: string;
  /** The input's name for assistive technology (the row has no visible label per input). */
  label: string;
}

const asList = (v: Value): Scalar[] => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]);
const day = (v: unknown) => (typeof v === 'string' && v ? dayjs(v) : null);

/** The value input for a field's kind and condition: a list for "one of", a pair for "between", none for "empty". */
function ValueInput({ field, op, value, onChange, id, label }: ValueProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (op === 'empty' || op === 'notEmpty') return null;
  const width = { minWidth: 220, flex: 1 };
  if (field.kind === 'enum') {
    const options = (field.options ?? []).map((o) => ({ value: o.value, label: pickLabel(o.label, lang) }));
    return op === 'in' ? (
      <Select
        id={id}
        aria-label={label}
        mode="multiple"
        style={width}
        options={options}
        value={asList(value)}
        onChange={onChange}
      />
    ) : (
      <Select
        id={id}
        aria-label={label}
        style={width}
        options={options}
        value={value as Scalar | undefined}
        onChange={onChange}
      />
    );
  }
  if (field.kind === 'date') {
    const list = asList(value);
    return op === 'between' ? (
      <DatePicker.RangePicker
        id={id}
        aria-label={label}
        value={[day(list[0]), day(list[1])]}
        // An empty start field held the focus, so Tab never left the picker (a keyboard trap, issue 31).
        allowEmpty={[true, true]}
        onChange={(range) =>
          onChange(range?.[0] && range[1] ? [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')] : null)
        }
      />
    ) : (
      <DatePicker
        id={id}
        aria-label={label}
        value={day(value)}
        onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)}
      />
    );
  }
  if (field.kind === 'number') {
    const list = asList(value) as number[];
    return op === 'between' ? (
      <Flex gap={4} align="center">
        <InputNumber id={id} aria-label={label} value={list[0]} onChange={(n) => onChange([n ?? 0, list[1] ?? 0])} />
        <Typography.Text type="secondary">~</Typography.Text>
        <InputNumber
          aria-label={t('customReport.builder.filterValueTo', { label })}
          value={list[1]}
          onChange={(n) => onChange([list[0] ?? 0, n ?? 0])}
        />
      </Flex>
    ) : (
      <InputNumber
        id={id}
        aria-label={label}
        value={value as number | undefined}
        onChange={(n) => onChange(n ?? null)}
      />
    );
  }
  return op === 'in' ? (
    <Select
      id={id}
      aria-label={label}
      mode="tags"
      style={width}
      open={false}
      placeholder={t('customReport.builder.valuesPlaceholder')}
      value={asList(value) as string[]}
      onChange={onChange}
    />
  ) : (
    <Input
      id={id}
      aria-label={label}
      style={width}
      value={(value as string | undefined) ?? ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

interface Props {
  dataset: CustomDataset;
  filters: ReportFilter[];
  onChange: (filters: ReportFilter[]) => void;
  /** Problems by path ("filters.0.value"), shown under the row. */
  problems: Map<string, string>;
}

/** The filters of the builder: field, condition and value per row, each kind with its own conditions and input. */
export function FilterRows({ dataset, filters, onChange, problems }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const fields = DATASET_FIELDS[dataset].filter((f) => f.filterable);
  const set = (i: number, next: ReportFilter) => onChange(filters.map((f, j) => (j === i ? next : f)));
  return (
    <Flex vertical gap={8}>
      {filters.map((f, i) => {
        const field = fields.find((x) => x.key === f.field) ?? fields[0]!;
        const problem = problems.get(`filters.${i}.op`) ?? problems.get(`filters.${i}.value`);
        return (
          <Flex key={i} vertical gap={2}>
            <Flex gap={8} wrap align="center">
              <Select
                id={`custom-report-filter-field-${i}`}
                aria-label={t('customReport.builder.filterField', { n: i + 1 })}
                style={{ width: 180 }}
                value={field.key}
                options={fields.map((x) => ({ value: x.key, label: pickLabel(x.label, lang) }))}
                // Another field may not take the condition or the value: both start again.
                onChange={(key) => set(i, { field: key, op: 'eq', value: null })}
              />
              <Select
                id={`custom-report-filter-op-${i}`}
                aria-label={t('customReport.builder.filterOp', { n: i + 1 })}
                style={{ width: 140 }}
                value={f.op}
                options={OPS_BY_KIND[field.kind].map((op) => ({ value: op, label: pickLabel(OP_LABELS[op], lang) }))}
                onChange={(op) => set(i, { ...f, op, value: null })}
              />
              <ValueInput
                id={`custom-report-filter-value-${i}`}
                label={t('customReport.builder.filterValue', { n: i + 1 })}
                field={field}
                op={f.op}
                value={f.value}
                onChange={(value) => set(i, { ...f, value })}
              />
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('customReport.builder.removeFilter')}
                onClick={() => onChange(filters.filter((_, j) => j !== i))}
              />
            </Flex>
            {problem && (
              <Typography.Text type="danger" role="alert">
                {problem}
              </Typography.Text>
            )}
          </Flex>
        );
      })}
      <div>
        <Button
          id="custom-report-add-filter"
          icon={<PlusOutlined />}
          disabled={filters.length >= 20}
          onClick={() => onChange([...filters, { field: fields[0]!.key, op: 'eq', value: null }])}
        >
          {t('customReport.builder.addFilter')}
        </Button>
      </div>
    </Flex>
  );
}
