import { Skeleton, Typography } from 'antd';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A report's chart (issue 14). The charting library (@ant-design/plots, ~1.5 MB) is loaded only when a page draws a
 * chart, never with the sign-in page or the workspace.
 */
export type ChartKind = 'bar' | 'hbar' | 'line' | 'pie';

export interface ChartPoint {
  /** The category on the axis (or the slice's name), already in the reader's language. */
  label: string;
  value: number;
  /** A second grouping drawn as coloured series (stacked bars, several lines). */
  series?: string;
  /** What a click on this bar / point / slice selects: the filter value behind the label. */
  key?: string | number | null;
}

export interface ReportChartProps {
  kind: ChartKind;
  data: ChartPoint[];
  /** What the chart shows, in the reader's language: its caption and its name for assistive technology. */
  caption: string;
  /** The id of the table on the page that holds the chart's figures: the chart's text alternative (issue 31). */
  tableId: string;
  /** Called with the clicked point (e.g. to open the matching document list). */
  onSelect?: (point: ChartPoint) => void;
  height?: number;
}

/** Above this many points the figures are left to the table: a screen reader reading 365 days is no help. */
const SPOKEN_POINTS = 24;

const Plot = lazy(() => import('./plot'));

/**
 * The chart is a canvas, which a screen reader cannot read (WCAG 1.1.1): it is an image named by its caption, its
 * figures spoken as its description, and tied (aria-details) to the table beside it that holds them.
 */
export function ReportChart(props: ReportChartProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { caption, data, tableId } = props;
  const figures =
    data.length > SPOKEN_POINTS
      ? t('chart.manyFigures', { count: data.length })
      : data
          .map((d) => `${d.series ? `${d.series}, ` : ''}${d.label}: ${d.value.toLocaleString(i18n.language)}`)
          .join('; ');
  return (
    <figure style={{ margin: 0 }} aria-labelledby={`${id}caption`}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 320 }} />}>
        <div
          data-testid="report-chart"
          data-kind={props.kind}
          data-points={data.length}
          role="img"
          aria-label={caption}
          aria-describedby={`${id}figures`}
          aria-details={tableId}
        >
          <Plot {...props} />
        </div>
      </Suspense>
      <span id={`${id}figures`} className="visually-hidden">
        {figures}
      </span>
      <figcaption id={`${id}caption`}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('chart.caption', { caption })}
        </Typography.Text>
      </figcaption>
    </figure>
  );
}
