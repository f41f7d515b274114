import { EDIT_LOCK_MINUTES } from '@edoc/contract/editing';
import {
  bare,
  body,
  envelope,
  header,
  headerParam,
  pathParam,
  type Operation,
  type PathItem,
} from './openapi-parts.ts';

/** webdav.routes.ts as a client sees it: one folder per editing session, holding its one file. */
export function webdavPaths(): Record<string, PathItem> {
  const symbol = pathParam('symbol', "The editing session's unique symbol: the only credential (never a password).");
  const name = pathParam('name', "The session's file name (the document's), URL-encoded.");
  const ended = envelope('No open session has this symbol (it ended or expired): errorCode edit_session_ended.');
  const tags = ['WebDAV'];
  const security: Operation['security'] = [];

  const options = (summary: string): Operation => ({
    tags,
    security,
    summary,
    responses: {
      '200': bare('What the server speaks.', {
        DAV: '1, 2 (class 2: locks).',
        Allow: 'OPTIONS, GET, HEAD, PUT, PROPFIND, LOCK, UNLOCK',
        'MS-Author-Via': 'DAV (Microsoft Office then saves by WebDAV).',
      }),
    },
  });
  const multistatus = (description: string) => ({
    description,
    content: body(['application/xml'], { type: 'string', description: 'A DAV:multistatus document.' }),
  });
  const propfindBody = {
    description: 'A DAV:propfind document, read and set aside: every property is answered.',
    required: false,
    content: body(['application/xml', 'text/xml']),
  };
  const depth = headerParam(
    'Depth',
    '0: the folder alone; 1 (or none): the folder and its file. A file answers for itself whatever the depth.',
  );
  // The lock token names itself in either header (Office sends If, LibreOffice Lock-Token on some calls).
  const ifHeader = headerParam('If', 'Names the lock token, e.g. (<opaquelocktoken:…>), when the file is locked.');
  const lockToken = (required: boolean) =>
    headerParam('Lock-Token', 'The lock token, <opaquelocktoken:…>; an alternative to If on PUT and LOCK.', required);
  const locked = bare('Locked with a token the request does not name (If or Lock-Token).');

  return {
    '/dav/{symbol}': {
      parameters: [symbol],
      options: options('The session folder: what the server speaks (also at /dav/{symbol}/).'),
      additionalOperations: {
        PROPFIND: {
          tags,
          security,
          summary: 'The session folder, and at depth 1 its file (also at /dav/{symbol}/).',
          parameters: [depth],
          requestBody: propfindBody,
          responses: {
            '207': multistatus('The folder (a DAV:collection) and, unless Depth is 0, the file with its properties.'),
            '410': ended,
          },
        },
      },
    },
    '/dav/{symbol}/{name}': {
      parameters: [symbol, name],
      options: options('The file: what the server speaks.'),
      get: {
        tags,
        security,
        summary: 'The file as last saved, else the version the session started from.',
        parameters: [headerParam('Range', 'One byte range, bytes=start-end.')],
        responses: {
          '200': {
            description: 'The file, in its own type.',
            headers: { 'Content-Disposition': header('inline, with the file name.') },
            content: body(['*/*']),
          },
          '206': { description: 'The range asked for.', content: body(['*/*']) },
          '416': bare('A range past the end of the file.', { 'Content-Range': 'bytes */size' }),
          '410': ended,
        },
      },
      head: {
        tags,
        security,
        summary: "The file's headers (size, type), without its bytes.",
        responses: { '200': bare('As GET, without a body.'), '410': ended },
      },
      put: {
        tags,
        security,
        summary: 'Saves the file into the session (no version yet: the session makes one when it ends).',
        parameters: [ifHeader, lockToken(false)],
        requestBody: { required: true, content: body(['*/*']) },
        responses: {
          '204': bare('Saved; an empty body (sent by some clients first) changes nothing.'),
          '413': envelope('Larger than the upload limit: errorCode file_too_large.'),
          '415': envelope('Not a file of the document’s type: errorCode file_type_not_allowed.'),
          '423': locked,
          '410': ended,
        },
      },
      additionalOperations: {
        PROPFIND: {
          tags,
          security,
          summary: "The file's properties: size, type, last change, ETag, the lock held.",
          parameters: [depth],
          requestBody: propfindBody,
          responses: {
            '207': multistatus('The file with its properties and DAV:lockdiscovery.'),
            '404': envelope('Not the session’s file name: errorCode not_found.'),
            '410': ended,
          },
        },
        LOCK: {
          tags,
          security,
          summary: `Takes the session's exclusive write lock, or refreshes it (${EDIT_LOCK_MINUTES} minutes).`,
          parameters: [
            ifHeader,
            lockToken(false),
            headerParam('Timeout', 'Read and set aside: every lock lasts as long.'),
          ],
          requestBody: {
            description: 'A DAV:lockinfo document, read and set aside: every lock is exclusive, of depth 0.',
            required: false,
            content: body(['application/xml', 'text/xml']),
          },
          responses: {
            '200': {
              description: 'Locked: DAV:lockdiscovery of the lock, its token also in the Lock-Token header.',
              headers: { 'Lock-Token': header('<opaquelocktoken:…>', true) },
              content: body(['application/xml'], { type: 'string', description: 'A DAV:prop document.' }),
            },
            '423': bare('Already locked by another token.'),
            '410': ended,
          },
        },
        UNLOCK: {
          tags,
          security,
          summary: "Releases the lock and ends the session: its last save becomes the document's new version.",
          parameters: [lockToken(true)],
          responses: {
            '204': bare('Unlocked; the session ended, its saves made one version (trail type 13).'),
            '409': bare('Not locked, or the Lock-Token header does not name the lock.'),
            '410': ended,
          },
        },
      },
    },
  };
}
