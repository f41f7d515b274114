import { useSyncExternalStore } from 'react';
import { DEFAULT_LANG, LANGS, UserType, type Lang } from '@edoc/contract/enums';
import { DEFAULT_PAGE_SIZE } from '@edoc/contract/limits';

/** Enabled document processes of the chosen project (reviewOpen, qcOpen, approveOpen). */
export type AuditStage = 'review' | 'qc' | 'approve';

/** An inspector's access to the entered project (issue 11): its last day and whether downloads were granted. */
export interface InspectorAccess {
  endsOn: string;
  canDownload: boolean;
}

/** SPEC §3 session data. Kept in sessionStorage so it lives exactly as long as the browser tab. */
export interface SessionData {
  token: string | null;
  language: Lang;
  userName: string | null;
  userId: number | null;
  email: string | null;
  projectName: string | null;
  projectId: number | null;
  userType: UserType | null;
  companyId: number | null;
  companyName: string | null;
  roleCode: string | null;
  /** Idle time in minutes: the server default after login, the project's once one is chosen. */
  idleTime: number | null;
  fileTypes: string[];
  libraryFolder: boolean;
  pageSize: number;
  auditMode: AuditStage[];
  versions: number[];
  // The caller's rights in the entered project, from the entry answer's ProjectRights (issue 24): the guard, menus
  // and pages decide from these, never from roleCode.
  /** Project administration as the server grants it (STU_PM or the company administrator, whatever the code). */
  fullAccess: boolean;
  /** The most the caller may do in the project: document keys (SPEC's authority list) and library keys. */
  authorities: string[];
  libraryKeys: string[];
  /** The entered project is closed: it is read, never changed (issue 11). */
  closed: boolean;
  /** Set when the user entered as an inspector, not as a member. */
  inspector: InspectorAccess | null;
}

export type SessionKey = keyof SessionData;

const PREFIX = 'edoc.';

const DEFAULTS: SessionData = {
  token: null,
  language: DEFAULT_LANG,
  userName: null,
  userId: null,
  email: null,
  projectName: null,
  projectId: null,
  userType: null,
  companyId: null,
  companyName: null,
  roleCode: null,
  idleTime: null,
  fileTypes: [],
  libraryFolder: false,
  pageSize: DEFAULT_PAGE_SIZE,
  auditMode: [],
  versions: [],
  fullAccess: false,
  authorities: [],
  libraryKeys: [],
  closed: false,
  inspector: null,
};

type Decoder<T> = (raw: unknown) => T | undefined;

const text: Decoder<string | null> = (raw) => (typeof raw === 'string' || raw === null ? raw : undefined);
const num: Decoder<number | null> = (raw) =>
  (typeof raw === 'number' && Number.isFinite(raw)) || raw === null ? raw : undefined;
const texts: Decoder<string[]> = (raw) =>
  Array.isArray(raw) && raw.every((v) => typeof v === 'string') ? (raw as string[]) : undefined;
const nums: Decoder<number[]> = (raw) =>
  Array.isArray(raw) && raw.every((v) => typeof v === 'number') ? (raw as number[]) : undefined;
const USER_TYPES: readonly number[] = Object.values(UserType);
const AUDIT_STAGES: readonly string[] = ['review', 'qc', 'approve'];
const inspectorAccess: Decoder<InspectorAccess | null> = (raw) => {
  if (raw === null) return null;
  if (typeof raw !== 'object') return undefined;
  const { endsOn, canDownload } = raw as Partial<Record<keyof InspectorAccess, unknown>>;
  return typeof endsOn === 'string' && typeof canDownload === 'boolean' ? { endsOn, canDownload } : undefined;
};

// A value edited by hand in devtools must not crash the app: anything unexpected reads as the default.
const DECODERS: { [K in SessionKey]: Decoder<SessionData[K]> } = {
  token: text,
  language: (raw) => (LANGS.find((l) => l === raw) ? (raw as Lang) : undefined),
  userName: text,
  userId: num,
  email: text,
  projectName: text,
  projectId: num,
  userType: (raw) =>
    raw === null || (typeof raw === 'number' && USER_TYPES.includes(raw)) ? (raw as UserType) : undefined,
  companyId: num,
  companyName: text,
  roleCode: text,
  idleTime: num,
  fileTypes: texts,
  libraryFolder: (raw) => (typeof raw === 'boolean' ? raw : undefined),
  pageSize: (raw) => (typeof raw === 'number' && raw > 0 ? raw : undefined),
  fullAccess: (raw) => (typeof raw === 'boolean' ? raw : undefined),
  authorities: texts,
  libraryKeys: texts,
  auditMode: (raw) => {
    const list = texts(raw);
    return list && list.every((v) => AUDIT_STAGES.includes(v)) ? (list as AuditStage[]) : undefined;
  },
  versions: nums,
  closed: (raw) => (typeof raw === 'boolean' ? raw : undefined),
  inspector: inspectorAccess,
};

const KEYS = Object.keys(DEFAULTS) as SessionKey[];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readKey<K extends SessionKey>(key: K): SessionData[K] {
  const raw = storage()?.getItem(PREFIX + key);
  if (raw == null) return DEFAULTS[key];
  try {
    return DECODERS[key](JSON.parse(raw)) ?? DEFAULTS[key];
  } catch {
    return DEFAULTS[key];
  }
}

let snapshot: SessionData | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

/** The whole session; the same object until something changes (as useSyncExternalStore requires). */
export function getSession(): SessionData {
  if (!snapshot) {
    const next = {} as Record<SessionKey, unknown>;
    for (const key of KEYS) next[key] = readKey(key);
    snapshot = next as unknown as SessionData;
  }
  return snapshot;
}

export function getSessionValue<K extends SessionKey>(key: K): SessionData[K] {
  return getSession()[key];
}

export function setSession(patch: Partial<SessionData>): void {
  const store = storage();
  for (const key of Object.keys(patch) as SessionKey[]) {
    const value = patch[key];
    if (value === undefined || value === DEFAULTS[key]) store?.removeItem(PREFIX + key);
    else store?.setItem(PREFIX + key, JSON.stringify(value));
  }
  changed();
}

/** Forgets the chosen project (expired, or an inspector's access ended, under the user): the sign-in stays, the project's data goes. */
export function leaveProject(): void {
  setSession({
    projectId: null,
    projectName: null,
    roleCode: null,
    fullAccess: false,
    authorities: [],
    libraryKeys: [],
    auditMode: [],
    fileTypes: [],
    libraryFolder: false,
    closed: false,
    inspector: null,
  });
}

/** Signs the tab out locally. The language is the visitor's choice, not the account's, so it stays. */
export function clearSession(): void {
  const store = storage();
  for (const key of KEYS) if (key !== 'language') store?.removeItem(PREFIX + key);
  changed();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionData {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function getToken(): string | null {
  return getSessionValue('token');
}

export function getLanguage(): Lang {
  return getSessionValue('language');
}
