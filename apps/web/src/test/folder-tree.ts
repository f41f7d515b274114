import { fireEvent } from '@testing-library/react';
import { findById } from './queries';

/** Opens a folder of a folder tree (shown to its first level only) with its switcher, once the folder is shown. */
export async function expandFolder(prefix: string, folderId: number): Promise<void> {
  const title = await findById(`${prefix}-folder-${folderId}`);
  const switcher = title.closest('.ant-tree-treenode')?.querySelector('.ant-tree-switcher');
  if (!switcher) throw new Error(`folder ${folderId} has no switcher`);
  fireEvent.click(switcher);
}
