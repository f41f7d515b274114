import type { KeyboardEvent, ReactNode } from 'react';
import { MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '@edoc/contract/folder';
import { useFolderPanel } from './folder-split';
import { folderLabel, folderPath } from './folder-tree-model';

/** A crumb that chooses a folder: a link-looking control the keyboard reaches too. */
function Crumb(props: { id: string; text: string; onClick: () => void }) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      props.onClick();
    }
  };
  return (
    <a id={props.id} role="button" tabIndex={0} title={props.text} onClick={props.onClick} onKeyDown={onKeyDown}>
      {props.text}
    </a>
  );
}

/**
 * The path of the open folder above the list ("All files › 8.2 … › 8.2.1 …"), each ancestor a way back to it; with
 * the button that shows the folder panel again when it was hidden.
 */
export function FolderBreadcrumb(props: {
  prefix: string;
  allLabel: string;
  roots: FolderNode[];
  folderId: number | null;
  onChoose: (folderId: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const { prefix, onChoose } = props;
  const { show } = useFolderPanel();
  const path = folderPath(props.roots, props.folderId);
  const crumb = (id: string, text: string, choose: number | null, last: boolean): { title: ReactNode } => ({
    title: last ? (
      <span id={id} title={text} aria-current="page">
        {text}
      </span>
    ) : (
      <Crumb id={id} text={text} onClick={() => onChoose(choose)} />
    ),
  });
  const items = [
    crumb(`${prefix}-breadcrumb-all`, props.allLabel, null, path.length === 0),
    ...path.map((f, i) =>
      crumb(`${prefix}-breadcrumb-${f.folderId}`, folderLabel(f, i18n.language), f.folderId, i === path.length - 1),
    ),
  ];
  return (
    <div id={`${prefix}-breadcrumb`} className="folder-breadcrumb">
      {show && (
        <Tooltip title={t('folderTree.show')}>
          <Button
            id={`${prefix}-tree-show`}
            type="text"
            size="small"
            icon={<MenuUnfoldOutlined />}
            aria-label={t('folderTree.show')}
            onClick={show}
          />
        </Tooltip>
      )}
      <Breadcrumb items={items} />
    </div>
  );
}
