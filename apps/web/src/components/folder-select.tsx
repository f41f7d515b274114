import { TreeSelect } from 'antd';
import type { FolderNode } from '@edoc/contract/folder';
import { useTranslation } from 'react-i18next';
import { folderLabel } from './folder-tree/folder-tree-model';

interface TreeOption {
  value: number;
  title: string;
  disabled: boolean;
  children: TreeOption[];
}

/** Which folders of the tree may be chosen (a disabled folder never may); the others stay visible to show the path. */
export type Choosable = (folder: FolderNode) => boolean;

function toOptions(nodes: FolderNode[], lang: string, choosable: Choosable): TreeOption[] {
  return nodes.map((n) => ({
    value: n.folderId,
    title: folderLabel(n, lang),
    disabled: !n.isEnabled || !choosable(n),
    children: toOptions(n.children, lang, choosable),
  }));
}

/** A folder picker over a tree, each folder named in the reader's language (the workspace's and the library's). */
export function FolderSelect(props: {
  id?: string;
  roots: FolderNode[];
  choosable: Choosable;
  value?: number;
  onChange?: (value: number) => void;
}) {
  const { i18n } = useTranslation();
  return (
    <TreeSelect<number>
      id={props.id}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
      treeData={toOptions(props.roots, i18n.language, props.choosable)}
      popupMatchSelectWidth={false}
    />
  );
}
