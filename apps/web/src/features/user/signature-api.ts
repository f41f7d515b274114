import type { SignatureData } from '@edoc/contract/user';
import { api, isApiError } from '../../lib/api-client';

export const signatureKeys = { mine: ['user', 'signature'] as const };

/** The caller's own signature image, or null when none has been set (the server answers 404). */
export async function fetchSignature(): Promise<Blob | null> {
  try {
    return await api.blob('/user/signature');
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 404) return null;
    throw error;
  }
}

export function uploadSignature(file: Blob, fileName: string): Promise<SignatureData> {
  const data = new FormData();
  data.append('file', file, fileName);
  return api.upload<SignatureData>('/user/signature/a', data);
}
