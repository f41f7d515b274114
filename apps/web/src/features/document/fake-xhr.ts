import { vi } from 'vitest';

export interface SentUpload {
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

type Answer = { status: number; body: unknown };

/**
 * A stand-in for XMLHttpRequest (uploads go through it for their progress events): records each request and
 * answers with what `answer` returns, after reporting half the body sent.
 */
export function mockXhr(answer: (sent: SentUpload) => Answer) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      const request = { url: this.url, headers: this.headers, body };
      sent.push(request);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        const { status, body: reply } = answer(request);
        this.status = status;
        this.responseText = JSON.stringify(reply);
        this.onload?.();
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

export const ok = (data: unknown): Answer => ({
  status: 200,
  body: { status: true, msg: 'ok', data, errorCode: null },
});
export const refused = (status: number, errorCode: string, msg: string): Answer => ({
  status,
  body: { status: false, msg, data: null, errorCode },
});
