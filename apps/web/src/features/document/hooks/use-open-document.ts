import { useAddressParams } from '../../../lib/use-address-params';

/**
 * The side panel's tabs (issue 12): the document's details, versions, flow, trail and comments, and (issue 27) its
 * quality issues and the expected documents it fulfils; (issue 28) what the system it was imported from recorded.
 */
export const PANEL_TABS = [
  'details',
  'versions',
  'flow',
  'trail',
  'comments',
  'quality',
  'expected',
  'source',
] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

const idOf = (raw: string | null) => (raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/**
 * The document open in the workspace's side panel, named in the address (?doc=12&tab=versions) so that back,
 * a reload and a shared link open the same document on the same tab. Each opening is a history entry.
 */
export function useOpenDocument() {
  const [params, setParams] = useAddressParams();
  const docId = idOf(params.get('doc'));
  const raw = params.get('tab');
  const tab: PanelTab = (PANEL_TABS as readonly string[]).includes(raw ?? '') ? (raw as PanelTab) : 'details';
  // One update for both names: two in a row would each start from the same address and the second would win.
  const change = (doc: number | null, next: PanelTab) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (doc === null) {
        copy.delete('doc');
        copy.delete('tab');
      } else {
        copy.set('doc', String(doc));
        if (next === 'details') copy.delete('tab');
        else copy.set('tab', next);
      }
      return copy;
    });
  return {
    docId,
    tab,
    open: (fileId: number, next: PanelTab = 'details') => change(fileId, next),
    setTab: (next: PanelTab) => change(docId, next),
    close: () => change(null, 'details'),
  };
}

export type OpenDocument = ReturnType<typeof useOpenDocument>;
