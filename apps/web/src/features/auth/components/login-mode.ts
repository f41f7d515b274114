/** The login page's three modes (SPEC §2): sign in, forced password change, forgotten password. */
export type LoginMode = 'login' | 'edit' | 'forget';
