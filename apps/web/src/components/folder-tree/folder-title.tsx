import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { folderNameIn, type FolderNode } from '@edoc/contract/folder';
import { folderLabel, folderMatch } from './folder-tree-model';
import { COUNT_CAP } from '@edoc/contract/envelope';

/** `text` with the first occurrence of `query` (any case) marked. */
function marked(text: string, query: string): ReactNode {
  const q = query.trim().toLocaleLowerCase();
  const at = q ? text.toLocaleLowerCase().indexOf(q) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <mark className="folder-tree-mark">{text.slice(at, at + q.length)}</mark>
      {text.slice(at + q.length)}
    </>
  );
}

/** A code found by its beginning: that beginning marked, or all of it when typed otherwise ("08.02" for 8.2.1). */
function codeMarked(code: string, query: string): ReactNode {
  const typed = code.startsWith(query) ? query.length : code.length;
  return (
    <>
      <mark className="folder-tree-mark">{code.slice(0, typed)}</mark>
      {code.slice(typed)}
    </>
  );
}

/**
 * One folder's line in the tree: its ICH code small and apart, the name on one line (cut with an ellipsis, whole in
 * the title), the count at the right end. The id and data-ich-code are what the tests and journeys find it by.
 */
export function FolderTitle(props: { node: FolderNode; lang: string; prefix: string; query: string }) {
  const { node, lang, prefix, query } = props;
  const name = folderNameIn(lang, node.folderName, node.folderNameEn);
  const match = folderMatch(node, query);
  // The spaces between the parts are collapsed by the flex layout but keep the text readable as a whole
  // (screen readers, textContent).
  return (
    <span
      id={`${prefix}-folder-${node.folderId}`}
      className="folder-tree-title"
      data-ich-code={node.ichCode ?? undefined}
      title={folderLabel(node, lang)}
    >
      {node.ichCode && (
        <Typography.Text type="secondary" className="folder-tree-code">
          {match.code ? codeMarked(node.ichCode, query.trim()) : node.ichCode}
        </Typography.Text>
      )}{' '}
      <span className="folder-tree-name">{match.name ? marked(name, query) : name}</span>{' '}
      <Typography.Text type="secondary" className="folder-tree-count">
        {/* A folder without a grant is shown, greyed and not selectable, with a count of 0 (SPEC §6). */}
        {!node.isEnabled ? 0 : node.fileCount > COUNT_CAP ? `${COUNT_CAP.toLocaleString()}+` : node.fileCount}
      </Typography.Text>
    </span>
  );
}
