import { bare, body, header, headerParam, pathParam, type Operation, type PathItem } from './openapi-parts.ts';
import { WOPI_LOCK_MAX } from './wopi-host.service.ts';

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;

/** What fileInfo (wopi-host.service.ts) answers. */
const checkFileInfo = {
  type: 'object',
  required: ['BaseFileName', 'OwnerId', 'Size', 'Version', 'UserId', 'UserCanWrite', 'SupportsLocks'],
  properties: {
    BaseFileName: str,
    BreadcrumbDocName: str,
    FileExtension: { type: 'string', examples: ['.docx'] },
    OwnerId: str,
    Size: { type: 'integer' },
    Version: { type: 'string', description: 'The sha256 of the content: it changes with each save.' },
    UserId: str,
    UserFriendlyName: str,
    IsAnonymousUser: bool,
    ReadOnly: bool,
    UserCanWrite: bool,
    UserCanNotWriteRelative: { type: 'boolean', description: 'Always true: no "save as" from the editor.' },
    UserCanRename: bool,
    SupportsRename: bool,
    SupportsUpdate: bool,
    SupportsLocks: bool,
    SupportsGetLock: bool,
    SupportsExtendedLockLength: bool,
    PostMessageOrigin: { type: 'string', description: "edoc's origin, which the editor's frame posts messages to." },
    LastModifiedTime: {
      type: 'string',
      format: 'date-time',
      description: "The version's time; absent once the session has a save.",
    },
  },
} as const;

/** wopi.routes.ts as an editor sees it: the WOPI file id is the editing session's id. */
export function wopiPaths(): Record<string, PathItem> {
  const id = pathParam('id', "The editing session's id, which is the WOPI file id.", '^[1-9][0-9]{0,9}$');
  const tags = ['WOPI'];
  const security: Operation['security'] = [{ wopiAccessToken: [] }, { wopiBearer: [] }];
  // Every call: the token (query access_token, or a bearer header) and, when the editor has proof keys, its proof.
  const proof = [
    headerParam('X-WOPI-Proof', "The editor's signature of this request (checked when its discovery has proof keys)."),
    headerParam('X-WOPI-ProofOld', 'The same, with its previous key.'),
    headerParam('X-WOPI-TimeStamp', 'When the editor signed; an old proof is refused.'),
  ];
  const refused = {
    '401': bare(
      'A token that is invalid, expired or not for this file and user, a failed proof, or the session ended.',
    ),
    '404': bare('No session has this id.'),
  };
  const serverError = { 'X-WOPI-ServerError': header('The edoc error code, e.g. file_too_large.') };
  const lock = (description: string, required = false) => headerParam('X-WOPI-Lock', description, required);
  const mismatch = bare('A lock mismatch: the current lock (empty when none) and why.', {
    'X-WOPI-Lock': 'The current lock, or the empty string.',
    'X-WOPI-LockFailureReason': 'Why, in words.',
  });

  return {
    '/wopi/files/{id}': {
      parameters: [id],
      get: {
        tags,
        security,
        operationId: 'CheckFileInfo',
        summary: 'CheckFileInfo: the file and what the user may do with it.',
        parameters: proof,
        responses: {
          '200': { description: 'The file info.', content: body(['application/json'], checkFileInfo) },
          ...refused,
        },
      },
      post: {
        tags,
        security,
        operationId: 'Lock',
        summary: 'Lock, GetLock, RefreshLock, Unlock and UnlockAndRelock, as X-WOPI-Override says.',
        description:
          'Unlock frees the lock, not the session: the viewer page ends the session, which makes the version. ' +
          'PutRelativeFile, RenameFile, DeleteFile and the other overrides are refused (501).',
        parameters: [
          headerParam('X-WOPI-Override', 'LOCK, GET_LOCK, REFRESH_LOCK or UNLOCK.', true),
          lock(`The lock the editor holds or takes, at most ${WOPI_LOCK_MAX} characters (all but GET_LOCK).`),
          headerParam('X-WOPI-OldLock', 'With LOCK: UnlockAndRelock, replacing this lock by X-WOPI-Lock.'),
          ...proof,
        ],
        responses: {
          '200': bare('Done; GetLock names the current lock.', { 'X-WOPI-Lock': 'GET_LOCK: the lock, or empty.' }),
          '400': bare(`No X-WOPI-Override, no X-WOPI-Lock, or a lock over ${WOPI_LOCK_MAX} characters.`),
          '409': mismatch,
          '501': bare('An override the host does not support.'),
          ...refused,
        },
      },
    },
    '/wopi/files/{id}/contents': {
      parameters: [id],
      get: {
        tags,
        security,
        operationId: 'GetFile',
        summary: 'GetFile: the last save, else the version the session started from.',
        parameters: [headerParam('Range', 'One byte range, bytes=start-end.'), ...proof],
        responses: {
          '200': {
            description: 'The file, in its own type.',
            headers: { 'X-WOPI-ItemVersion': header('The sha256 of the content.') },
            content: body(['*/*']),
          },
          '206': { description: 'The range asked for.', content: body(['*/*']) },
          '416': bare('A range past the end of the file.', { 'Content-Range': 'bytes */size' }),
          ...refused,
        },
      },
      post: {
        tags,
        security,
        operationId: 'PutFile',
        summary: "PutFile: the body becomes the session's working content (its version is made when it ends).",
        parameters: [
          headerParam('X-WOPI-Override', 'PUT, when sent.'),
          lock('The lock the editor holds: needed unless the file is unlocked and still empty.'),
          ...proof,
        ],
        requestBody: { required: true, content: body(['*/*']) },
        responses: {
          '200': {
            description: 'Saved (an empty body changes nothing).',
            headers: { 'X-WOPI-ItemVersion': header('The sha256 of the saved content.') },
            content: body(['application/json'], {
              type: 'object',
              required: ['LastModifiedTime'],
              properties: { LastModifiedTime: { type: 'string', format: 'date-time' } },
            }),
          },
          '400': bare('An X-WOPI-Override other than PUT.'),
          '409': mismatch,
          '413': { description: 'Larger than the upload limit.', headers: serverError },
          '415': { description: 'Not a file of the document’s type.', headers: serverError },
          ...refused,
        },
      },
    },
  };
}
