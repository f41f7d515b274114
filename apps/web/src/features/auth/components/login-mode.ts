/** The login page's modes (SPEC §2): sign in, forced password change, forgotten password; the second factor's step. */
export type LoginMode = 'login' | 'edit' | 'forget' | 'totp';

/** Switches the login page's mode, carrying the e-mail over (and, into 'edit', the change token /login gave). */
export type SwitchMode = (mode: LoginMode, email?: string, changeToken?: string) => void;
