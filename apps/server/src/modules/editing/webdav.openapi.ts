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
  const failed = bare('An If or If-Match condition does not hold (a stale ETag, a failing Not, a token not held).');
  const notHere = bare(
    'Neither the session’s file nor a side file an editor writes (owner or lock file): nothing here.',
  );
  const allow = { Allow: 'The methods the session folder and its file offer.' };
  /** What a full WebDAV server offers and a session's one file does not (DELETE of a side file excepted). */
  const unsupported = (what: string) =>
    Object.fromEntries(
      ['PROPPATCH', 'MKCOL', 'MOVE', 'COPY'].map((method) => [
        method,
        {
          tags,
          security,
          summary: `Not offered on ${what}.`,
          responses: { '405': bare('Not offered; Allow names what is.', allow), '410': ended },
        },
      ]),
    );
  const deleteOf = (what: string) => ({
    tags,
    security,
    summary: `Removes a side file an editor wrote; not offered on ${what}.`,
    responses: {
      '204': bare('The side file is gone.'),
      '405': bare('Not offered; Allow names what is.', allow),
      '410': ended,
    },
  });

  return {
    '/dav/{symbol}': {
      parameters: [symbol],
      options: options('The session folder: what the server speaks (also at /dav/{symbol}/).'),
      delete: deleteOf('the session folder'),
      additionalOperations: {
        ...unsupported('the session folder'),
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
        summary:
          'The file as last saved, else the version the session started from; an owner or lock file an editor wrote.',
        parameters: [headerParam('Range', 'One byte range, bytes=start-end.')],
        responses: {
          '200': {
            description: 'The file, in its own type, with its ETag (the sha256 of its content).',
            headers: {
              'Content-Disposition': header('inline, with the file name.'),
              ETag: header('"sha256"'),
            },
            content: body(['*/*']),
          },
          '206': { description: 'The range asked for.', content: body(['*/*']) },
          '416': bare('A range past the end of the file.', { 'Content-Range': 'bytes */size' }),
          '404': notHere,
          '410': ended,
        },
      },
      delete: deleteOf('the session’s file'),
      head: {
        tags,
        security,
        summary: "The file's headers (size, type), without its bytes.",
        responses: { '200': bare('As GET, without a body.'), '410': ended },
      },
      put: {
        tags,
        security,
        summary:
          'Saves the file into the session (no version yet: the session makes one when it ends); an owner or lock file is kept apart, for a while.',
        parameters: [ifHeader, lockToken(false), headerParam('If-Match', 'The ETag the client last read.')],
        requestBody: { required: true, content: body(['*/*']) },
        responses: {
          '204': bare('Saved; an empty body (sent by some clients first) changes nothing.', {
            ETag: 'The ETag of what is now saved.',
          }),
          '201': bare('A side file, kept apart from the document.'),
          '404': notHere,
          '412': failed,
          '413': envelope('Larger than the upload limit: errorCode file_too_large.'),
          '415': envelope('Not a file of the document’s type: errorCode file_type_not_allowed.'),
          '423': locked,
          '410': ended,
        },
      },
      additionalOperations: {
        ...unsupported('the session’s file'),
        PROPFIND: {
          tags,
          security,
          summary: "The file's properties: size, type, last change, ETag, the lock held.",
          parameters: [depth],
          requestBody: propfindBody,
          responses: {
            '207': multistatus('The file with its properties and DAV:lockdiscovery.'),
            '404': notHere,
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
            '412': failed,
            '404': notHere,
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
            '404': notHere,
            '410': ended,
          },
        },
      },
    },
  };
}
