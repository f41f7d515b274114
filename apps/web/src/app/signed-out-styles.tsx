// Build time only (vite.config.ts renders it through Vite's SSR; its test through jsdom): the app never imports it,
// so react-dom/server stays out of every bundle.
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Alert, Button, ConfigProvider, Divider, Dropdown, Flex, Form, Input } from 'antd';
import { appTheme } from './theme';

/**
 * The antd components the login page draws before anything is typed (its form, the captcha's row, the system
 * notice, single sign-on's offer, the language button), in the app's theme as ThemedAntd gives it. What they show
 * does not matter: a component's styles depend on the theme, not on its props.
 */
function Specimen() {
  return (
    <ConfigProvider theme={appTheme}>
      <Alert type="info" title="-" />
      <Form>
        <Form.Item name="email" label="-" rules={[{ required: true }]}>
          <Input prefix="-" />
        </Form.Item>
        <Form.Item name="password">
          <Input.Password />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" block>
            -
          </Button>
          <Button type="link">-</Button>
        </Flex>
      </Form>
      <Divider plain>-</Divider>
      <Dropdown menu={{ items: [{ key: '-', label: '-' }] }}>
        <Button type="text">-</Button>
      </Dropdown>
    </ConfigProvider>
  );
}

/**
 * Issue 30: the login page's antd styles, written once at build time instead of by antd's CSS-in-JS in the visitor's
 * browser (building them took about a third of the time from the scripts' arrival to a usable form). The text ends
 * with antd's own record of which style paths it holds (`.data-ant-cssinjs-cache-path`): antd reads it on the first
 * render and skips generating those, and generates at run time whatever is missing (another theme, a reduced-motion
 * visitor's, a component added to the page later), so a stale list costs time, never looks. `paths`: the cache keys,
 * for the test that holds the login page to them.
 */
export function signedOutStyles(): { css: string; paths: string[] } {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <Specimen />
    </StyleProvider>,
  );
  const paths = [...cache.cache.keys()].filter((key) => key.startsWith('style%'));
  return { css: extractStyle(cache, { plain: true, types: ['style'] }), paths };
}
