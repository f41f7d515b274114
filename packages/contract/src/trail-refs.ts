import type { Lang } from './enums.ts';
import { roleNameIn } from './role.ts';
import type { TrailObjectType } from './trail.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What the ids in the values point to. The server names them when it answers (TrailItem.refs, one query per page);
 * the formatter shows the name, and "#id" for one it could not name (deleted since). `subjectId` points to what its
 * record's `subjectType` says.
 */
export const TRAIL_REF_KINDS = [
  'user',
  'role',
  'roleCode',
  'group',
  'site',
  'folder',
  'document',
  'company',
  'topic',
  'codeType',
  'member',
] as const;
export type TrailRefKind = (typeof TRAIL_REF_KINDS)[number];

export const TRAIL_REF_KEYS: Record<string, TrailRefKind> = {
  userId: 'user',
  memberIds: 'user',
  memberUserIds: 'user',
  mentionIds: 'user',
  mailTo: 'user',
  assigneeId: 'user',
  assigneeIds: 'user',
  holderId: 'user',
  approverId: 'user',
  roleId: 'role',
  /** A role's code (members): a built-in role by its name in the reader's language, a custom one by its name. */
  role: 'roleCode',
  groupIds: 'group',
  groupId: 'group',
  siteIds: 'site',
  siteId: 'site',
  folderId: 'folder',
  parentId: 'folder',
  libraryFolderId: 'folder',
  documentIds: 'document',
  fileId: 'document',
  companyId: 'company',
  topicId: 'topic',
  typeId: 'codeType',
};

/** The objects a row may be about that the server names by id (a member by its user's name). */
export const TRAIL_OBJECT_REF_KINDS: Partial<Record<TrailObjectType, TrailRefKind>> = {
  document: 'document',
  folder: 'folder',
  folder_grants: 'folder',
  folder_artifact: 'folder',
  member: 'member',
  group: 'group',
  role: 'role',
  site: 'site',
  board_topic: 'topic',
  /** A user's alert choices in the project: the row's id is the user's. */
  study_alert: 'user',
  user: 'user',
};

/**
 * Number fields that mean themselves: counts, sizes, orders, and ids kept as ids (an editing session, a route,
 * a library entry, a deletion application, a file version have no name to show). Any other number field must be
 * coded (trail-shapes.ts `coded`) or a reference (TRAIL_REF_KEYS): trail-labels.test.ts fails on one that is neither.
 */
export const TRAIL_NUMBER_KEYS = [
  // webhooks (issue 29 part 5): a hook and a delivery kept as ids (neither has a name)
  'webhookId',
  'resentFrom',
  // quality issues (issue 27 part 5): an issue's number and the page it names
  'qualityIssue',
  'page',
  // expected documents (issue 27 part 4): an occurrence's number and a regeneration's counts
  'occurrence',
  'created',
  'updated',
  'removed',
  'kept',
  'size',
  'folderCount',
  'foldersCreated',
  'groupsCreated',
  'grantsCreated',
  'tasksHandedOver',
  'sortOrder',
  'idleMinutes',
  'expiryNoticeDays',
  'days',
  'pageSize',
  'limit',
  'id',
  'sessionId',
  'routeId',
  'entryId',
  'applyId',
  'fileVersionId',
  // TMF models (issue 27): a model's version number and its size.
  'version',
  'zoneCount',
  'sectionCount',
  'artifactCount',
  'foldersMapped',
  'position',
  'documentsFiled',
  // the recomputable package of TMF health (issue 27 part 8): rows per CSV file
  'itemsExported',
  'filingsExported',
  'documentsExported',
  'qcStagesExported',
  'issuesExported',
  // the TMF index for inspection (issue 27 part 7): what it listed
  'artifactsListed',
  'itemsExpected',
  'itemsFiled',
  'itemsMissing',
  'itemsOverdue',
  'itemsNotApplicable',
  'documentsListed',
  // an EMS import (issue 28 part 2): its number, the package's size and its rows' counts
  'importId',
  'packageSize',
  'objects',
  'accepted',
  'filed',
  'failed',
  // a certified copy (issue 28 part 4): the pages checked
  'pages',
  // identity (issue 29): the projects an SSO group rule or an API token names (shown by number: no project
  // reference kind yet), and the recovery codes a user has left
  'projectId',
  'projectIds',
  'recoveryCodesLeft',
] as const;

/** Names the server gave the ids a row's values hold, keyed `kind:id` (trailRefKey); see TRAIL_REF_KEYS. */
export type TrailRefs = Readonly<Record<string, string>>;
export const trailRefKey = (kind: TrailRefKind, id: string | number) => `${kind}:${id}`;

/** What an id of this kind is called, from the server's names; "#id" for one it could not name. */
export function trailRefName(kind: TrailRefKind, id: unknown, lang: Lang, refs: TrailRefs | null = null): string {
  const names = refs ?? {};
  if (kind === 'roleCode' || kind === 'role') {
    // A role id is named through its code, so a built-in role reads in the reader's language.
    const code = kind === 'roleCode' ? String(id) : names[trailRefKey('role', String(id))];
    if (code === undefined) return `#${String(id)}`;
    return roleNameIn(lang, code, names[trailRefKey('roleCode', code)] ?? code);
  }
  return names[trailRefKey(kind, String(id))] ?? `#${String(id)}`;
}

/** The kind of object a key's ids are, within its record (a grant's subjectId is what its subjectType says). */
export function refKindOf(key: string, record?: Record<string, unknown>): TrailRefKind | undefined {
  if (key === 'subjectId') {
    const type = record?.subjectType;
    return type === 'user' || type === 'role' || type === 'group' ? type : undefined;
  }
  return TRAIL_REF_KEYS[key];
}

/**
 * The `kind:id` keys of everything a row's values point to, and the row's object where the server names it: what the
 * server looks up (one query for a page of rows) to answer the row's `refs`.
 */
export function trailRefKeysOf(row: {
  objectType: string;
  objectId?: string | number | null;
  oldValue?: unknown;
  newValue?: unknown;
}): string[] {
  const keys = new Set<string>();
  const objectKind = TRAIL_OBJECT_REF_KINDS[row.objectType as TrailObjectType];
  if (objectKind && row.objectId) keys.add(trailRefKey(objectKind, row.objectId));
  const walk = (value: unknown, key: string, record?: Record<string, unknown>, depth = 0): void => {
    if (depth > 8 || value === null || value === undefined || key === 'definition') return;
    if (Array.isArray(value)) return value.forEach((v) => walk(v, key, record, depth + 1));
    if (isRecord(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, k, value, depth + 1);
      return;
    }
    const kind = refKindOf(key, record);
    if (kind && (typeof value === 'number' || (typeof value === 'string' && value !== '')))
      keys.add(trailRefKey(kind, value));
  };
  walk(row.oldValue, '');
  walk(row.newValue, '');
  return [...keys];
}
