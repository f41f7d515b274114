import type { SealCertificateBody } from '@edoc/contract/seal';
import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { sealRoutes } from '@edoc/contract/seal-routes';
import { call } from '../../lib/api-client';

const CERTIFICATE = ['seal-certificate'] as const;

/** The certificate downloaded signed PDFs are signed with (system administrator). */
export function useSealCertificate() {
  return useQuery({
    queryKey: CERTIFICATE,
    queryFn: () => call(sealRoutes.certificate),
  });
}

/** Installs the company's certificate (PEM key and chain, or PKCS#12 with its password). */
export function useInstallSealCertificate(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (body: SealCertificateBody) => call(sealRoutes.saveCertificate, { body }),
    onSuccess: (data) => queryClient.setQueryData(CERTIFICATE, data),
  });
}
