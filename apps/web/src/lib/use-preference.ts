import { useCallback, useState } from 'react';
import { useSession } from './session';

/**
 * A choice a user makes about how a screen looks (columns, density), kept in this browser per user so it is there
 * the next time they sign in. Unreadable or missing values fall back to `initial`.
 */
export function usePreference<T>(name: string, initial: T): [T, (next: T) => void] {
  const { userId } = useSession();
  const key = `edoc.pref.${userId ?? 0}.${name}`;
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = window.localStorage.getItem(key);
      if (!raw) return initial;
      const saved = JSON.parse(raw) as T;
      // An object is merged over the default (a field added since it was saved keeps its default); a plain value
      // is taken when it is of the default's kind.
      if (initial !== null && typeof initial === 'object') return { ...initial, ...saved } as T;
      return typeof saved === typeof initial ? saved : initial;
    } catch {
      return initial;
    }
  });
  const save = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage refused (private mode): the choice holds until the page is left.
      }
    },
    [key],
  );
  return [value, save];
}
