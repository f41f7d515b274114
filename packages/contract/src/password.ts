import { PASSWORD_MAX, PASSWORD_MIN } from './limits.ts';

export type PasswordProblem = 'password_too_short' | 'password_too_long' | 'password_weak';

/** SPEC §5: 6-20 characters with letters, digits and symbols. Returns the first problem or null. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN) return 'password_too_short';
  if (password.length > PASSWORD_MAX) return 'password_too_long';
  const letter = /[A-Za-z]/.test(password);
  const digit = /[0-9]/.test(password);
  const symbol = /[^A-Za-z0-9\s]/.test(password);
  if (!letter || !digit || !symbol) return 'password_weak';
  return null;
}
