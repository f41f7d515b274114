import { Typography } from 'antd';

/** Old or new values of a trail row, as compact "key: value" lines. */
export function TrailValues({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  if (typeof value !== 'object') return <>{String(value)}</>;
  return (
    <div style={{ fontSize: 12, wordBreak: 'break-all' }}>
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <div key={k}>
          <Typography.Text type="secondary">{k}: </Typography.Text>
          {typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}
        </div>
      ))}
    </div>
  );
}
