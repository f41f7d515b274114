import type { SigningCertificate, SigningCertificateBody } from '@edoc/contract/seal';
import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const CERTIFICATE = ['signing-certificate'] as const;

/** The certificate downloaded signed PDFs are signed with (system administrator). */
export function useSigningCertificate() {
  return useQuery({
    queryKey: CERTIFICATE,
    queryFn: () => api.get<SigningCertificate>('/system/signing-certificate'),
  });
}

/** Installs the company's certificate (PEM key and chain, or PKCS#12 with its password). */
export function useInstallSigningCertificate(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (body: SigningCertificateBody) => api.postJson<SigningCertificate>('/system/signing-certificate', body),
    onSuccess: (data) => queryClient.setQueryData(CERTIFICATE, data),
  });
}
