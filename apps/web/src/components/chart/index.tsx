import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

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
  /** Called with the clicked point (e.g. to open the matching document list). */
  onSelect?: (point: ChartPoint) => void;
  height?: number;
}

const Plot = lazy(() => import('./plot'));

export function ReportChart(props: ReportChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 320 }} />}>
      <div data-testid="report-chart" data-kind={props.kind} data-points={props.data.length}>
        <Plot {...props} />
      </div>
    </Suspense>
  );
}
