import type { AuthProfile, AuthSession } from './auth.ts';

/** The caller's profile from their user row and company name: a session's look-up and a token's read the same. */
export function profileOf(u: Omit<AuthProfile, 'companyName'>, companyName: string | null): AuthProfile {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    mobile: u.mobile,
    phone: u.phone,
    sex: u.sex,
    country: u.country,
    city: u.city,
    companyName,
    avatarSha256: u.avatarSha256,
    handwritingSha256: u.handwritingSha256,
    passwordChangedAt: u.passwordChangedAt,
  };
}

/** The entered project's state now, for a session's look-up and a token's alike: closed, past its end date, or open. */
export function projectStateOf(closed: boolean, endDate: string | null, now = Date.now()): AuthSession['projectState'] {
  if (closed) return 'closed';
  return endDate && endDate < new Date(now).toISOString().slice(0, 10) ? 'expired' : 'open';
}
