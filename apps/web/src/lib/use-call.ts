import { useEffect, useRef, useState } from 'react';
import { showError } from './feedback';

/*
 * The signed-out frames' calls (issue 30): login, password, registration and their captcha, notice and SSO look-up are
 * a few one-off requests that nothing caches or shares, and those frames load without react-query's runtime. The two
 * hooks are shaped as react-query's useMutation and useQuery, and a failure is shown as the query client shows one
 * (lib/query-client.ts) unless silentError says the page explains it itself.
 */

export interface CallMeta {
  silentError?: boolean;
}

interface Callbacks<I, O> {
  onSuccess?: (data: O, input: I) => void;
  onError?: (error: unknown, input: I) => void;
}

/** A call the user starts (a submit): `mutate` with per-call callbacks, `mutateAsync`, `isPending`, `isError`. */
export function useCall<I = void, O = unknown>(fn: (input: I) => Promise<O>, meta?: CallMeta) {
  const [state, setState] = useState({ isPending: false, isError: false });
  // As react-query's: a page that has gone (the sign-in moved on) gets no callbacks.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const settle = (isError: boolean) => mounted.current && setState({ isPending: false, isError });
  const mutateAsync = async (input: I): Promise<O> => {
    setState({ isPending: true, isError: false });
    try {
      const data = await fn(input);
      settle(false);
      return data;
    } catch (error) {
      settle(true);
      if (!meta?.silentError) showError(error);
      throw error;
    }
  };
  const mutate = (input: I, callbacks?: Callbacks<I, O>) => {
    mutateAsync(input).then(
      (data) => mounted.current && callbacks?.onSuccess?.(data, input),
      (error: unknown) => mounted.current && callbacks?.onError?.(error, input),
    );
  };
  return { ...state, mutate, mutateAsync };
}

interface LoadOptions extends CallMeta {
  /** false: nothing is asked and there is no data. */
  enabled?: boolean;
}

/**
 * What a page shows, asked afresh each time the page appears and whenever `key` changes; the data is `key`'s only
 * (an answer for an earlier key is never shown for a later one).
 */
export function useLoad<T>(key: string, fn: () => Promise<T>, options: LoadOptions = {}) {
  const enabled = options.enabled ?? true;
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ key: string; data?: T; isFetching: boolean }>({ key, isFetching: enabled });
  const load = useRef(fn);
  load.current = fn;
  const silent = options.silentError;
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState((s) => ({ key, data: s.key === key ? s.data : undefined, isFetching: true }));
    load.current().then(
      (data) => current && setState({ key, data, isFetching: false }),
      (error: unknown) => {
        if (!current) return;
        setState((s) => ({ ...s, isFetching: false }));
        if (!silent) showError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [key, round, enabled, silent]);
  const mine = enabled && state.key === key;
  return {
    data: mine ? state.data : undefined,
    isFetching: mine && state.isFetching,
    refetch: () => setRound((r) => r + 1),
  };
}
