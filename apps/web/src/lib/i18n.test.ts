import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 12, defect 5: the first visit was always Chinese. It follows the browser until the visitor chooses, and the
// choice holds across tabs. Each case loads the module afresh, as a new tab does.
const setBrowser = (languages: string[]) =>
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });

async function freshTab() {
  vi.resetModules();
  window.sessionStorage.clear();
  const tab = await import('./i18n');
  // The tab's texts are fetched as it loads; the next resetModules must not land while that import is under way
  // (on a loaded machine it did: the texts module came back half made, "undefined" is not valid JSON).
  await tab.textsLoaded();
  return tab;
}

afterEach(() => setBrowser(['zh-CN', 'zh']));

describe('the interface language', () => {
  it('follows an English browser on a first visit, a Chinese one, and defaults to Chinese for any other', async () => {
    setBrowser(['en-GB', 'en']);
    expect((await freshTab()).currentLang()).toBe('en-US');
    setBrowser(['zh-TW']);
    expect((await freshTab()).currentLang()).toBe('zh-CN');
    setBrowser(['fr-FR', 'de']);
    expect((await freshTab()).currentLang()).toBe('zh-CN');
  });

  it('keeps the visitor’s choice over the browser’s, in a new tab too, and tells open tabs', async () => {
    setBrowser(['en-US']);
    const first = await freshTab();
    await first.chooseLanguage('zh-CN');
    expect(first.currentLang()).toBe('zh-CN');
    const second = await freshTab();
    expect(second.currentLang()).toBe('zh-CN');
    // Another tab chooses English: this one follows.
    window.localStorage.setItem('edoc.language', 'en-US');
    window.dispatchEvent(new StorageEvent('storage', { key: 'edoc.language', newValue: 'en-US' }));
    await vi.waitFor(() => expect(second.currentLang()).toBe('en-US'));
  });
});
