import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FolderNode } from '@edoc/contract/folder';
import { FolderType } from '@edoc/contract/permissions';
import { folderTreeQuery } from './api';
import { useProjectKey } from '../../lib/project-query';

export const flattenFolders = (nodes: FolderNode[]): FolderNode[] =>
  nodes.flatMap((n) => [n, ...flattenFolders(n.children)]);

/** The work folder tree of the entered project. */
export function useWorkTree(options: { staleTime?: number } = {}) {
  const tree = useQuery({ ...folderTreeQuery(useProjectKey()), ...options });
  const roots = useMemo(() => (tree.data?.allFolderList ?? []).filter((n) => n.type === FolderType.Work), [tree.data]);
  const all = useMemo(() => flattenFolders(roots), [roots]);
  return { tree, roots, all };
}
