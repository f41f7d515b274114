import type { SignInPolicyBody, TotpDisableBody } from '@edoc/contract/totp';
import { totpRoutes } from '@edoc/contract/totp-routes';
import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { getSessionValue } from '../../lib/session';

/*
 * Two-factor sign-in (issue 29 part 3): the signed-in user's own factor, the company's sign-in policy and the
 * administrator's reset; the step after the password on the login page is sign-in-api.ts's.
 */

const STATUS = ['totp', 'status'] as const;
const POLICY = ['totp', 'policy'] as const;

/**
 * The caller's factor: enrolled, asked by the policy, recovery codes left. Also read by the sign dialogs, which ask
 * for the code when the signer has a factor; keyed by the user so another sign-in in the tab never sees the last one's.
 */
export function useTotpStatus(enabled = true, silentError = false) {
  return useQuery({
    queryKey: [...STATUS, getSessionValue('userId')],
    queryFn: () => call(totpRoutes.status),
    enabled,
    meta: { silentError },
  });
}

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: STATUS });
}

/** The password again → a new secret with its QR code (replacing an unconfirmed one). */
export function useTotpEnrol(meta?: MutationMeta) {
  const refresh = useRefreshStatus();
  return useMutation({
    meta,
    mutationFn: (password: string) => call(totpRoutes.enrol, { body: { password } }),
    onSuccess: refresh,
  });
}

/** The first code from the app confirms the enrolment → the ten recovery codes, shown once. */
export function useTotpConfirm(meta?: MutationMeta) {
  const refresh = useRefreshStatus();
  return useMutation({
    meta,
    mutationFn: (code: string) => call(totpRoutes.confirm, { body: { code } }),
    onSuccess: refresh,
  });
}

/** New recovery codes for a current code; the old ones stop working. */
export function useRenewRecoveryCodes(meta?: MutationMeta) {
  const refresh = useRefreshStatus();
  return useMutation({
    meta,
    mutationFn: (code: string) => call(totpRoutes.recoveryCodes, { body: { code } }),
    onSuccess: refresh,
  });
}

export function useDisableTotp(meta?: MutationMeta) {
  const refresh = useRefreshStatus();
  return useMutation({
    meta,
    mutationFn: (body: TotpDisableBody) => call(totpRoutes.disable, { body }),
    onSuccess: refresh,
  });
}

/** The company administrator's own company (companyId null), or the one the system administrator picked. */
export function useSignInPolicy(companyId: number | null) {
  return useQuery({
    queryKey: [...POLICY, companyId ?? `own-${getSessionValue('companyId') ?? ''}`],
    queryFn: () => call(totpRoutes.policy, { query: companyId == null ? {} : { companyId } }),
  });
}

export function useSaveSignInPolicy(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (body: SignInPolicyBody) => call(totpRoutes.setPolicy, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POLICY }),
  });
}

/** The administrator's reset of a user whose phone is lost: they enrol again at the next sign-in if asked to. */
export function useResetTotp() {
  return useMutation({
    mutationFn: ({ userId, companyId }: { userId: number; companyId: number | null }) =>
      call(totpRoutes.reset, { params: { userId }, query: companyId == null ? {} : { companyId } }),
  });
}

/**
 * Whether a sign dialog asks the authenticator code with the password: the signer has a confirmed factor. Silent:
 * should the question fail, the server's own refusal (the code required, naming the field) still says what to do.
 */
export function useSignerFactor(open: boolean): boolean {
  return !!useTotpStatus(open, true).data?.enrolled;
}
