import type { ReactNode } from 'react';
import { Card } from 'antd';
import type { FolderNode } from '@edoc/contract/folder';
import { FolderBreadcrumb } from './folder-breadcrumb';
import { FolderSplit } from './folder-split';
import { FolderTree } from './folder-tree';

/**
 * A folder tree beside a card with the open folder's path above its content: the workspace's and the library's
 * layout (issue 12), each with its own ids (`prefix`) and words.
 */
export function FolderBrowser(props: {
  prefix: string;
  labels: { folders: string; allFiles: string; emptyTree: string };
  roots: FolderNode[];
  loading: boolean;
  folderId: number | null;
  onChoose: (folderId: number | null) => void;
  children: ReactNode;
}) {
  const { prefix, labels, roots, folderId, onChoose } = props;
  return (
    <FolderSplit
      prefix={prefix}
      tree={
        <FolderTree
          prefix={prefix}
          title={labels.folders}
          allLabel={labels.allFiles}
          emptyText={labels.emptyTree}
          roots={roots}
          loading={props.loading}
          folderId={folderId}
          onChoose={onChoose}
        />
      }
    >
      <Card
        size="small"
        title={
          <FolderBreadcrumb
            prefix={prefix}
            allLabel={labels.allFiles}
            roots={roots}
            folderId={folderId}
            onChoose={onChoose}
          />
        }
      >
        {props.children}
      </Card>
    </FolderSplit>
  );
}
