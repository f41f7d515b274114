import { documentRoutes } from '@edoc/contract/document-routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockXhr, ok, refused } from '../features/document/fake-xhr';
import { isApiError } from './api-client';
import { stopIdle } from './idle-timer';
import { getSession, setSession } from './session';
import { uploadForm } from './upload';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('uploadForm', () => {
  it('sends the token and language, reports progress and unwraps the envelope', async () => {
    setSession({ token: 'tok', language: 'en-US' });
    const sent = mockXhr(() => ok({ fileId: 3 }));
    const progress: number[] = [];
    const form = new FormData();
    form.append('name', 'A');
    await expect(uploadForm(documentRoutes.upload, form, { onProgress: (f) => progress.push(f) })).resolves.toEqual({
      fileId: 3,
    });
    expect(sent[0]).toMatchObject({
      url: '/edoc/minio/file/save',
      headers: { Authorization: 'Bearer tok', 'Accept-Language': 'en-US' },
    });
    expect(progress).toEqual([0.5, 1]);
  });

  it("throws the server's message, and a lost session (401) signs the tab out", async () => {
    setSession({ token: 'tok', language: 'en-US' });
    mockXhr(() => refused(413, 'file_too_large', 'File too large'));
    const error: unknown = await uploadForm(documentRoutes.upload, new FormData()).catch((e: unknown) => e);
    expect(isApiError(error) && [error.errorCode, error.msg, error.httpStatus]).toEqual([
      'file_too_large',
      'File too large',
      413,
    ]);
    mockXhr(() => refused(401, 'token_invalid', 'Please sign in again'));
    await expect(uploadForm(documentRoutes.upload, new FormData())).rejects.toThrow('Please sign in again');
    expect(getSession().token).toBeNull();
  });
});
