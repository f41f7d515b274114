import { Typography } from 'antd';
import type { TrailDescription } from '@edoc/contract/trail-format';

/**
 * What a trail row changed, labelled in the user's language (describeTrail of the contract): a sentence for the
 * events that have one, then "Label: old → new" per field, codes by their labels and ids by the names the server
 * gave (issue 26). A field only the old side has (a deletion) is struck.
 */
export function TrailChanges({ description }: { description: TrailDescription }) {
  return (
    // Words stay whole ("docu ments", issue 26); only what has no break point, a hash, wraps anywhere.
    <div style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
      {description.summary ? <div>{description.summary}</div> : null}
      {description.lines.map((l) => (
        <div key={l.key}>
          <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
            {l.label}:{' '}
          </Typography.Text>
          {l.old !== undefined ? (
            // The cell's size for both sides: the old value read larger than the new one.
            <Typography.Text delete={l.new === undefined} style={{ fontSize: 'inherit' }}>
              {l.old}
            </Typography.Text>
          ) : null}
          {l.old !== undefined && l.new !== undefined ? ' → ' : null}
          {l.new !== undefined ? <span>{l.new}</span> : null}
        </div>
      ))}
    </div>
  );
}
