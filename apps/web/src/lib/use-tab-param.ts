import { useAddressParams } from './use-address-params';

/**
 * A page's open tab kept in the address (?tab=), so the back button returns to the previous tab and a link can
 * open one. The first tab is the default and leaves the address bare; other parameters (?companyId=) are kept.
 * An unknown ?tab= shows the first tab rather than an empty page.
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: string) => void] {
  const [params, setParams] = useAddressParams();
  const raw = params.get('tab');
  const active = tabs.find((tab) => tab === raw) ?? tabs[0];
  const open = (tab: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (tab === tabs[0]) copy.delete('tab');
      else copy.set('tab', tab);
      return copy;
    });
  return [active, open];
}
