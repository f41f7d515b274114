import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that stays the same from render to render and calls the latest `fn`: a handler handed to a memoised
 * component (the document table, the folder tree) without making it render again each time its parent does
 * (issue 30 part 4). Only for handlers called after rendering (events), never during a render.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
