import { Bar, Column, Line, Pie } from '@ant-design/plots';
import type { ChartPoint, ReportChartProps } from './index';

interface ClickEvent {
  type?: string;
  data?: { data?: ChartPoint };
}

/** The chart itself, in its own chunk (see index.tsx). */
export default function Plot({ kind, data, onSelect, height = 320 }: ReportChartProps) {
  const series = data.some((d) => d.series !== undefined);
  const onEvent = (_chart: unknown, event: ClickEvent) => {
    const point = event.data?.data;
    if (event.type === 'element:click' && point && onSelect) onSelect(point);
  };
  const common = { data, height, onEvent, autoFit: true };
  if (kind === 'pie') {
    return (
      <Pie
        {...common}
        angleField="value"
        colorField="label"
        innerRadius={0.55}
        label={{ text: 'value', style: { fontWeight: 600 } }}
        legend={{ color: { position: 'right' } }}
      />
    );
  }
  if (kind === 'line') {
    return <Line {...common} xField="label" yField="value" colorField={series ? 'series' : undefined} point />;
  }
  const Chart = kind === 'hbar' ? Bar : Column;
  return (
    <Chart
      {...common}
      xField="label"
      yField="value"
      colorField={series ? 'series' : undefined}
      stack={series}
      label={series ? undefined : { text: 'value', position: 'outside' }}
      style={{ cursor: onSelect ? 'pointer' : 'default', maxWidth: 48 }}
    />
  );
}
