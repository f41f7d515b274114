import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button, Form, Input, theme } from 'antd';
import { AppProviders } from './providers';
import { errorMessage } from '@edoc/contract/errors';
import { showError } from '../lib/feedback';
import { changeLanguage } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { UploadProgress } from '../components/upload-progress';

// Issue 31, what the providers give every page. Status and errors reach a screen reader without the user going to them: a refused form's messages, an
// upload's progress and the app's toasts each sit in a live region, in the words the page shows.
describe('live regions', () => {
  it("repeat a form's messages as they appear, and a new one when it changes", async () => {
    await changeLanguage('en-US');
    render(
      <AppProviders client={createQueryClient()}>
        <Form>
          <Form.Item name="title" label="Title" rules={[{ required: true, message: 'Give the document a title' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="code" label="Code" rules={[{ min: 3, message: 'A code has three letters or more' }]}>
            <Input />
          </Form.Item>
          <Button htmlType="submit">Save</Button>
        </Form>
      </AppProviders>,
    );
    const live = document.getElementById('form-errors-live')!;
    expect(live).toHaveAttribute('role', 'status');
    expect(live).toBeEmptyDOMElement();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(live).toHaveTextContent('Give the document a title'));
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'ab' } });
    await waitFor(() => expect(live).toHaveTextContent('A code has three letters or more'));
  });

  it("say an upload's progress by the quarter, under the bar's own name", () => {
    const { rerender } = render(<UploadProgress id="p" percent={12} label="上传进度" />);
    const status = within(document.getElementById('p')!).getByRole('status');
    expect(screen.getByRole('progressbar', { name: '上传进度' })).toBeInTheDocument();
    expect(status).toHaveTextContent('上传进度 0%');
    rerender(<UploadProgress id="p" percent={61} label="上传进度" />);
    expect(status).toHaveTextContent('上传进度 50%');
    rerender(<UploadProgress id="p" percent={100} label="上传进度" />);
    expect(status).toHaveTextContent('上传进度 100%');
  });

  it('carry the toasts as alerts', async () => {
    render(
      <AppProviders client={createQueryClient()}>
        <span />
      </AppProviders>,
    );
    act(() => showError(new Error('the network went away')));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(errorMessage('request_failed', 'zh-CN'));
  });
});

describe('reduced motion', () => {
  function Motion() {
    return <span data-testid="motion">{String(theme.useToken().token.motion)}</span>;
  }
  const answer = (reduce: boolean) => (query: string) =>
    ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;

  it("turns antd's motion off for someone who asked their system for less, and only for them", () => {
    const before = window.matchMedia;
    try {
      window.matchMedia = answer(true);
      const still = render(
        <AppProviders client={createQueryClient()}>
          <Motion />
        </AppProviders>,
      );
      expect(screen.getByTestId('motion')).toHaveTextContent('false');
      still.unmount();
      window.matchMedia = answer(false);
      render(
        <AppProviders client={createQueryClient()}>
          <Motion />
        </AppProviders>,
      );
      expect(screen.getByTestId('motion')).toHaveTextContent('true');
    } finally {
      window.matchMedia = before;
    }
  });
});
