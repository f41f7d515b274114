import { useAddressParams } from './use-address-params';

function parseId(raw: string | null): number | null {
  if (raw == null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A record chosen on a page (?companyId=, ?studyId=) kept in the address, so a reload keeps it and the
 * back button returns to the previous choice.
 */
export function useIdParam(name: string): [number | null, (id: number | null) => void] {
  const [params, setParams] = useAddressParams();
  const id = parseId(params.get(name));
  const setId = (next: number | null) => {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next == null) copy.delete(name);
      else copy.set(name, String(next));
      return copy;
    });
  };
  return [id, setId];
}
