import { Flex, Spin } from 'antd';

/**
 * What shows while a page's code arrives (app/pages.ts). It fills the space the page will take, so nothing below
 * it moves when the page appears; the spinner waits a moment, so a page already cached does not flash it.
 */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex id="page-loading" align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 240 }}>
      <Spin delay={200} />
    </Flex>
  );
}
