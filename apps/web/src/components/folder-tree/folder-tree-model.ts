import { folderNameIn, type FolderNode } from '@edoc/contract/folder';

/** A folder as a line of text: its ICH code, then its name in the reader's language. */
export function folderLabel(f: FolderNode, lang: string): string {
  const name = folderNameIn(lang, f.folderName, f.folderNameEn);
  return f.ichCode ? `${f.ichCode} ${name}` : name;
}

/** The folders from a root down to `folderId`, both included; empty when it is not in the tree. */
export function folderPath(roots: FolderNode[], folderId: number | null): FolderNode[] {
  if (folderId === null) return [];
  for (const node of roots) {
    if (node.folderId === folderId) return [node];
    const below = folderPath(node.children, folderId);
    if (below.length) return [node, ...below];
  }
  return [];
}

/**
 * An ICH code as compared: "08.02" and "8.2" are the same section, so leading zeros of each segment go. A trailing
 * segment of zeros alone is dropped ("08.0" is "08.02" half typed, not section 0).
 */
function comparableCode(code: string): string {
  const segments = code.trim().split('.');
  return segments
    .map((s, i) => (i === segments.length - 1 && /^0+$/.test(s) && i > 0 ? '' : s.replace(/^0+(?=\d)/, '')))
    .join('.');
}

const looksLikeCode = (query: string) => /^\d+(\.\d*)*$/.test(query);

/** How one folder answers a filter: by its ICH code's beginning, or by its name in either language. */
export function folderMatch(node: FolderNode, query: string): { code: boolean; name: boolean } {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return { code: false, name: false };
  const code = !!node.ichCode && looksLikeCode(q) && comparableCode(node.ichCode).startsWith(comparableCode(q));
  const name = [node.folderName, node.folderNameEn].some((n) => !!n && n.toLocaleLowerCase().includes(q));
  return { code, name };
}

export interface FilteredTree {
  roots: FolderNode[];
  /** Folders with a match below them: opened so the matches show. */
  expand: number[];
  matches: number;
}

/**
 * The tree a filter leaves: the matching folders with their ancestors, and everything below a matching folder (so
 * a matched section can still be opened to its folders).
 */
export function filterTree(roots: FolderNode[], query: string): FilteredTree {
  const expand = new Set<number>();
  let matches = 0;
  const walk = (nodes: FolderNode[], keepAll: boolean): { kept: FolderNode[]; hit: boolean } => {
    const kept: FolderNode[] = [];
    let anyHit = false;
    for (const node of nodes) {
      const m = folderMatch(node, query);
      const hit = m.code || m.name;
      if (hit) matches += 1;
      const below = walk(node.children, keepAll || hit);
      if (below.hit) expand.add(node.folderId);
      if (keepAll || hit || below.hit) kept.push({ ...node, children: below.kept });
      anyHit ||= hit || below.hit;
    }
    return { kept, hit: anyHit };
  };
  return { roots: walk(roots, false).kept, expand: [...expand], matches };
}
