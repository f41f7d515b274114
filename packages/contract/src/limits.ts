// Business constants of SPEC.md §9, in one place for both sides.
export const PRODUCT_VERSION = '2.4.4';
export const API_BASE = '/edoc';

export const EMAIL_MAX = 128;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const PASSWORD_HISTORY = 5;
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_SECONDS = 300;
export const RESET_CODE_TTL_SECONDS = 600;
export const RESET_CODE_COOLDOWN_SECONDS = 600;
/** Wrong passwords for one account from one source (address) before that source is shut out for LOCKOUT_MINUTES. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 60;
/**
 * Past MAX_FAILED_LOGINS wrong passwords for an account from anywhere within LOCKOUT_MINUTES, every further try is
 * answered only after a delay doubling from SLOWDOWN_START_MS up to SLOWDOWN_MAX_MS: guessing from many addresses
 * gets slow, while the owner, from their own address, can still sign in (issue 9).
 */
export const SLOWDOWN_START_MS = 500;
export const SLOWDOWN_MAX_MS = 8000;
/** How long the forced change of a new, reset or expired password may take after signing in. */
export const CHANGE_TOKEN_MINUTES = 15;
/** Failed logins from one IP within the window before it is throttled. */
export const IP_FAILED_LOGINS = 50;
export const IP_WINDOW_MINUTES = 15;

export const DEFAULT_PAGE_SIZE = 10;
/** One page holding a whole list: the picker's projects, every member or project for a choice (SPEC §9: 1000). */
export const WHOLE_LIST_PAGE_SIZE = 1000;
export const IDLE_CAP_SECONDS = 59 * 60 + 59;

export const NOTICE_MAX_BYTES = 4000;
export const NAME_MAX = 128;
export const TREE_TITLE_MAX = 128;

export const MB = 1024 * 1024;
export const PDF_MAX_BYTES = 50 * MB;
export const VIEWABLE_MAX_BYTES = 10 * MB;
export const VIEWABLE_TYPES = ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx'] as const;
export const AVATAR_MAX_BYTES = 2 * MB;
