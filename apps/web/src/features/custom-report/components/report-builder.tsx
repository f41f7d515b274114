import { useEffect, useMemo, useState } from 'react';
import { SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, InputNumber, Radio, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CHART_TYPES,
  CUSTOM_ROW_CAP,
  definitionProblems,
  MEASURES,
  type ReportDefinition,
} from '@edoc/contract/custom-report';
import {
  CUSTOM_DATASETS,
  DATASET_FIELDS,
  DATASET_LABELS,
  fieldOf,
  pickLabel,
  type CustomDataset,
} from '@edoc/contract/custom-report-fields';
import { errorMessage } from '@edoc/contract/errors';
import { isApiError } from '../../../lib/api-client';
import { currentLang } from '../../../lib/i18n';
import { useDraftRun } from '../api';
import { ExportButtons } from './export-buttons';
import { FilterRows } from './filter-rows';
import { ReportResult } from './report-result';
import { SaveDialog, type SaveValues } from './save-dialog';

/** The columns a new report of each dataset starts with: what tells its rows apart at a glance. */
const FIRST_COLUMNS: Record<CustomDataset, string[]> = {
  documents: ['name', 'folder', 'status', 'updatedAt'],
  versions: ['document', 'versionNo', 'uploader', 'createdAt'],
  requests: ['document', 'stage', 'state', 'openedAt'],
  tasks: ['document', 'assignee', 'kind', 'state'],
  trail: ['at', 'actor', 'type', 'document'],
};

/** A new definition of a dataset: its usual columns, counted, drawn as bars once grouped. */
export function freshDefinition(dataset: CustomDataset = 'documents'): ReportDefinition {
  return {
    dataset,
    // In the dataset's order, as the checkboxes keep them.
    columns: DATASET_FIELDS[dataset].map((f) => f.key).filter((k) => FIRST_COLUMNS[dataset].includes(k)),
    filters: [],
    groupBy: null,
    measure: { fn: 'count', field: null },
    chartType: 'bar',
    sort: null,
    limit: 200,
  };
}

/** The preview waits for the user to stop clicking: one run per pause, not per checkbox. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Props {
  /** The saved report being edited, or none. */
  report?: { id: number } & SaveValues;
  initial: ReportDefinition;
  onSaved: (id: number) => void;
  onCancel: () => void;
}

/** The builder (issue 14): dataset, columns, filters, group-by, measure and chart, with a live preview. */
export function ReportBuilder({ report, initial, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [def, setDef] = useState<ReportDefinition>(initial);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<ReportDefinition>) => setDef((d) => ({ ...d, ...patch }));
  const fields = DATASET_FIELDS[def.dataset];
  const options = (list: typeof fields) => list.map((f) => ({ value: f.key, label: pickLabel(f.label, lang) }));

  const problems = useMemo(() => definitionProblems(def), [def]);
  const messages = useMemo(() => {
    const label = (key: string) => {
      const f = fieldOf(def.dataset, key);
      return f ? pickLabel(f.label, lang) : key;
    };
    return new Map(problems.map((p) => [p.path, errorMessage(p.code, lang, { column: label(p.field) })]));
  }, [problems, def.dataset, lang]);
  const settled = useSettled(def);
  const preview = useDraftRun(settled, definitionProblems(settled).length === 0);
  const saveInitial = useMemo<SaveValues>(
    () => ({ name: report?.name ?? '', shared: report?.shared ?? false, mailTo: report?.mailTo ?? [] }),
    [report],
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={9}>
        <Card title={report ? report.name : t('customReport.builder.title')} variant="borderless">
          <Form layout="vertical" component="div">
            <Form.Item label={t('customReport.builder.dataset')} htmlFor="custom-report-dataset">
              <Select
                id="custom-report-dataset"
                value={def.dataset}
                options={CUSTOM_DATASETS.map((d) => ({ value: d, label: pickLabel(DATASET_LABELS[d], lang) }))}
                onChange={(dataset) => setDef(freshDefinition(dataset))}
              />
            </Form.Item>
            <Form.Item
              label={t('customReport.builder.columns')}
              validateStatus={messages.has('columns') ? 'error' : undefined}
            >
              <Checkbox.Group
                className="custom-report-columns"
                value={def.columns}
                options={options(fields)}
                // Kept in the dataset's order, whatever order they were ticked in.
                onChange={(keys) => set({ columns: fields.map((f) => f.key).filter((k) => keys.includes(k)) })}
              />
              {def.columns.length === 0 && <Alert type="warning" title={t('customReport.builder.pickColumn')} />}
            </Form.Item>
            <Form.Item label={t('customReport.builder.filters')}>
              <FilterRows
                dataset={def.dataset}
                filters={def.filters}
                problems={messages}
                onChange={(filters) => set({ filters })}
              />
            </Form.Item>
            <Form.Item label={t('customReport.builder.groupBy')} htmlFor="custom-report-group-by">
              <Select
                id="custom-report-group-by"
                allowClear
                placeholder={t('customReport.builder.noGroup')}
                value={def.groupBy ?? undefined}
                options={options(fields.filter((f) => f.groupable))}
                onChange={(groupBy) => set({ groupBy: groupBy ?? null })}
              />
            </Form.Item>
            <Form.Item
              label={t('customReport.builder.measure')}
              htmlFor="custom-report-measure"
              help={messages.get('measure.field')}
            >
              <Space.Compact block>
                <Select
                  id="custom-report-measure"
                  style={{ width: 140 }}
                  value={def.measure.fn}
                  options={MEASURES.map((m) => ({ value: m, label: t(`customReport.measure.${m}`) }))}
                  onChange={(fn) => set({ measure: { fn, field: fn === 'count' ? null : def.measure.field } })}
                />
                {def.measure.fn !== 'count' && (
                  <Select
                    id="custom-report-measure-field"
                    aria-label={t('customReport.builder.measureField')}
                    style={{ flex: 1 }}
                    value={def.measure.field ?? undefined}
                    options={options(fields.filter((f) => f.kind === 'number'))}
                    onChange={(field) => set({ measure: { ...def.measure, field } })}
                  />
                )}
              </Space.Compact>
            </Form.Item>
            <Form.Item label={t('customReport.builder.chartType')}>
              <Radio.Group
                id="custom-report-chart"
                optionType="button"
                value={def.chartType}
                options={CHART_TYPES.map((c) => ({ value: c, label: t(`customReport.chart.${c}`) }))}
                onChange={(e) => set({ chartType: e.target.value })}
              />
            </Form.Item>
            <Flex gap={16} wrap>
              <Form.Item label={t('customReport.builder.sort')} htmlFor="custom-report-sort">
                <Space.Compact>
                  <Select
                    id="custom-report-sort"
                    style={{ width: 160 }}
                    allowClear
                    placeholder={t('customReport.builder.defaultSort')}
                    value={def.sort?.field}
                    options={options(fields)}
                    onChange={(field) => set({ sort: field ? { field, dir: def.sort?.dir ?? 'asc' } : null })}
                  />
                  <Select
                    style={{ width: 130 }}
                    aria-label={t('customReport.builder.sortDir')}
                    disabled={!def.sort}
                    value={def.sort?.dir ?? 'asc'}
                    options={(['asc', 'desc'] as const).map((d) => ({
                      value: d,
                      label: t(`customReport.sortDir.${d}`),
                    }))}
                    onChange={(dir) => def.sort && set({ sort: { ...def.sort, dir } })}
                  />
                </Space.Compact>
              </Form.Item>
              <Form.Item label={t('customReport.builder.limit')} htmlFor="custom-report-limit">
                <InputNumber
                  id="custom-report-limit"
                  min={1}
                  max={CUSTOM_ROW_CAP}
                  value={def.limit}
                  onChange={(limit) => set({ limit: limit ?? 200 })}
                />
              </Form.Item>
            </Flex>
          </Form>
          <Flex gap={8} justify="end">
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button
              id="custom-report-save"
              type="primary"
              icon={<SaveOutlined />}
              disabled={problems.length > 0}
              onClick={() => setSaving(true)}
            >
              {t('common.save')}
            </Button>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} xl={15}>
        <Card
          title={t('customReport.builder.preview')}
          variant="borderless"
          extra={
            <ExportButtons
              disabled={problems.length > 0}
              request={{ name: report?.name ?? t('customReport.untitled'), definition: def }}
            />
          }
        >
          {problems.length > 0 ? (
            <Alert type="info" title={t('customReport.builder.incomplete')} />
          ) : preview.error ? (
            <Alert type="error" title={isApiError(preview.error) ? preview.error.msg : t('customReport.loadFailed')} />
          ) : (
            <ReportResult definition={settled} result={preview.data} loading={preview.isFetching} />
          )}
        </Card>
      </Col>
      <SaveDialog
        open={saving}
        id={report?.id}
        initial={saveInitial}
        definition={def}
        onClose={() => setSaving(false)}
        onSaved={(id) => {
          setSaving(false);
          onSaved(id);
        }}
      />
    </Row>
  );
}
