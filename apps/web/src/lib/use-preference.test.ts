import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enterProject } from '../test/session';
import { usePreference } from './use-preference';

describe('usePreference', () => {
  it('keeps a plain value and an object per user, the object merged over a default that grew', () => {
    localStorage.clear();
    enterProject();
    const width = renderHook(() => usePreference('panel', 560));
    act(() => width.result.current[1](700));
    expect(renderHook(() => usePreference('panel', 560)).result.current[0]).toBe(700);

    const layout = renderHook(() => usePreference('table', { density: 'comfortable' }));
    act(() => layout.result.current[1]({ density: 'compact' }));
    const grown = renderHook(() => usePreference('table', { density: 'comfortable', widths: {} }));
    expect(grown.result.current[0]).toEqual({ density: 'compact', widths: {} });

    // Another user of the same browser starts from the defaults; a value of the wrong kind is ignored.
    enterProject('STU_PM', { userId: 6 });
    expect(renderHook(() => usePreference('panel', 560)).result.current[0]).toBe(560);
    localStorage.setItem('edoc.pref.6.panel', '"wide"');
    expect(renderHook(() => usePreference('panel', 560)).result.current[0]).toBe(560);
  });
});
