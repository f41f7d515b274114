import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type Change = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/**
 * useSearchParams for state kept in the address (filters, tabs, the open document), whose changes build on each
 * other. React Router hands a change the params of the last render, and applies each navigation as a transition:
 * a second choice made before the first has landed started from the old address and dropped the first (a filter
 * chosen quickly after another vanished, found by journey 14). Here each change starts from the last one asked for;
 * a change of the address from outside (back, a link) is taken as it comes.
 */
export function useAddressParams(): [URLSearchParams, (change: Change, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const pending = useRef<string[]>([]);
  const seen = useRef(params.toString());
  const shown = params.toString();
  if (shown !== seen.current) {
    seen.current = shown;
    const at = pending.current.indexOf(shown);
    if (at >= 0) {
      // One of ours landed: it and those asked before it are done; later ones are still on their way.
      pending.current = pending.current.slice(at + 1);
    } else {
      // The address moved by other means (back, forward, a link): that is the truth now.
      pending.current = [];
      latest.current = params;
    }
  }

  const update = useCallback(
    (change: Change, options?: NavigateOptions) => {
      const next = typeof change === 'function' ? change(new URLSearchParams(latest.current)) : change;
      latest.current = new URLSearchParams(next);
      pending.current.push(latest.current.toString());
      setParams(latest.current, options);
    },
    [setParams],
  );
  return [params, update];
}
