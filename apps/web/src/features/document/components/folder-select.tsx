import { TreeSelect } from 'antd';
import type { FolderNode } from '@edoc/contract/folder';
import { useTranslation } from 'react-i18next';
import { folderLabel } from '../folders';

interface TreeOption {
  value: number;
  title: string;
  disabled: boolean;
  children: TreeOption[];
}

/** Only folders where the caller may create documents can be chosen; the others stay visible to show the path. */
function toOptions(nodes: FolderNode[], lang: string): TreeOption[] {
  return nodes.map((n) => ({
    value: n.folderId,
    title: folderLabel(n, lang),
    disabled: !n.isEnabled || !n.canCreateFile,
    children: toOptions(n.children, lang),
  }));
}

export function FolderSelect(props: {
  id?: string;
  roots: FolderNode[];
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
      treeData={toOptions(props.roots, i18n.language)}
      popupMatchSelectWidth={false}
    />
  );
}
