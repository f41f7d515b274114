import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { captchaResponse } from '@edoc/contract/auth';
import { noticeRelease } from '@edoc/contract/notice';
import { mockApi, reply } from '../test/fetch-mock';
import { SignedOutApp } from './signed-out-app';
import { signedOutStyles } from './signed-out-styles';

describe("the login page's antd styles made at build time (issue 30)", () => {
  it('hold every style the login page draws with, its system notice shown, so the browser makes none of them', async () => {
    mockApi({
      'GET /captcha': () => reply(captchaResponse, { id: 'cap-1', image: 'data:image/png;base64,' }),
      'GET /notice/system/release': () =>
        reply(noticeRelease, { noticeStatus: 1, noticeContent: '<p>Maintenance tonight</p>', id: 3, subject: 'Up' }),
    });
    // The page as the light start draws it, its styles recorded in a cache of the test's own.
    const cache = createCache();
    render(
      <StyleProvider cache={cache}>
        <SignedOutApp pathname="/login" onShown={() => undefined} idle={false} />
      </StyleProvider>,
    );
    await screen.findByText('Maintenance tonight');
    await screen.findByAltText('验证码');
    const drawn = [...cache.cache.keys()].filter((key) => key.startsWith('style%'));
    expect(drawn.length).toBeGreaterThan(5);
    const made = signedOutStyles();
    // A component the login page gains without its place in the specimen is named here (it would be made at run time).
    expect(drawn.filter((key) => !made.paths.includes(key))).toEqual([]);
    expect(made.css).toMatch(/\.data-ant-cssinjs-cache-path\{content:"[^"]+"/);
  });
});
