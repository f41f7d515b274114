import { Progress } from 'antd';

/**
 * An upload's progress bar, and the same progress in a polite live region (issue 31): the bar alone is silent to a
 * screen reader unless someone goes to it. The region says every quarter only, so the reader is not talked over.
 */
export function UploadProgress({ id, percent, label }: { id: string; percent: number; label: string }) {
  const quarter = Math.floor(percent / 25) * 25;
  return (
    <div id={id}>
      <Progress percent={percent} aria-label={label} />
      <span role="status" className="visually-hidden">
        {`${label} ${quarter}%`}
      </span>
    </div>
  );
}
