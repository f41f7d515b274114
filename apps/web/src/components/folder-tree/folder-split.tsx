import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Flex, Grid, Splitter } from 'antd';
import { usePreference } from '../../lib/use-preference';

// 250: at 1280 pixels the list beside it keeps its toolbar on one line.
const DEFAULT_WIDTH = 250;
const MIN_WIDTH = 200;
const MAX_WIDTH = 600;

interface FolderPanel {
  /** Hides the folder panel; absent where it cannot be hidden (stacked on a narrow screen). */
  hide?: () => void;
  /** Shows it again; present only while it is hidden. */
  show?: () => void;
}

const FolderPanelContext = createContext<FolderPanel>({});

/** What the folder tree and breadcrumb inside a FolderSplit offer: the buttons that hide and show the tree. */
export const useFolderPanel = () => useContext(FolderPanelContext);

/**
 * The folder tree beside a document list: on a wide screen in a panel that can be dragged wider or narrower and
 * hidden, both remembered per user (`<prefix>.folderPanel`); on a narrow one, above the list.
 */
export function FolderSplit(props: { prefix: string; tree: ReactNode; children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  const [pref, setPref] = usePreference(`${props.prefix}.folderPanel`, { width: DEFAULT_WIDTH, collapsed: false });
  // The width while dragging; saved once the drag ends (not a storage write per pixel).
  const [dragging, setDragging] = useState<number | null>(null);

  // The same value while the preference stands: a new one each render would re-render the (memoised) tree with
  // every render of the page around it (issue 30 part 4).
  const panel = useMemo<FolderPanel>(
    () =>
      pref.collapsed
        ? { show: () => setPref({ ...pref, collapsed: false }) }
        : { hide: () => setPref({ ...pref, collapsed: true }) },
    [pref, setPref],
  );

  // Before the first measure the breakpoints are unknown: a desktop is the common case.
  if (screens.lg === false) {
    return (
      <Flex vertical gap={16}>
        {props.tree}
        {props.children}
      </Flex>
    );
  }
  const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, pref.width));
  return (
    <FolderPanelContext.Provider value={panel}>
      <Splitter
        onResize={(sizes) => setDragging(sizes[0])}
        onResizeEnd={(sizes) => {
          setDragging(null);
          if (sizes[0] > 0) setPref({ width: Math.round(sizes[0]), collapsed: false });
        }}
      >
        <Splitter.Panel
          size={pref.collapsed ? 0 : (dragging ?? width)}
          min={MIN_WIDTH}
          max={MAX_WIDTH}
          style={{ paddingRight: pref.collapsed ? 0 : 8 }}
        >
          {props.tree}
        </Splitter.Panel>
        <Splitter.Panel style={{ paddingLeft: pref.collapsed ? 0 : 8 }}>{props.children}</Splitter.Panel>
      </Splitter>
    </FolderPanelContext.Provider>
  );
}
