import type { AuthProfile } from './auth.ts';

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
