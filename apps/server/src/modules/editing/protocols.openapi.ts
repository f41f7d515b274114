import type { OpenAPIV3_2 } from '@fastify/swagger';
import { API_BASE, PRODUCT_VERSION } from '@edoc/contract/limits';
import type { FastifyInstance } from 'fastify';
import { webdavPaths } from './webdav.openapi.ts';
import { wopiPaths } from './wopi.openapi.ts';

/** The document of the editing protocols, beside /edoc/docs/json and under the same rule (plugins/auth.ts). */
export const PROTOCOLS_DOC_URL = `${API_BASE}/docs/protocols/json`;

/**
 * The editing sessions' own protocols (issue 15), which /edoc/docs leaves out: WebDAV for desktop suites at /dav,
 * WOPI for browser editors at /wopi. They are not the /edoc API (no envelope, no bearer session; the matrix and
 * the bad-input test walk /edoc/docs only), and WebDAV's methods (PROPFIND, LOCK, UNLOCK) need OpenAPI 3.2's
 * additionalOperations, so they have a document of their own. Written by hand: the routes validate nothing with
 * schemas (a WOPI editor expects WOPI's bare status codes), so there is nothing to generate it from;
 * test/openapi.test.ts checks it against the routes Fastify serves.
 */
export function protocolsDocument(): OpenAPIV3_2.Document {
  return {
    openapi: '3.2.0',
    info: {
      title: 'edoc editing protocols (WebDAV, WOPI)',
      version: PRODUCT_VERSION,
      description:
        'How an editor opens and saves the file of an editing session. WebDAV (RFC 4918, class 2) serves Word, WPS ' +
        'and LibreOffice at /dav/{symbol}/{name}; the unique symbol of the session is the credential. WOPI serves ' +
        'a browser editor (Collabora Online, ONLYOFFICE Docs, Office Online Server) at /wopi/files/{id}, with the ' +
        'access token the viewer page posted to it and, when the editor publishes proof keys, its proof of each ' +
        'request. A WebDAV refusal is the /edoc error envelope; a WOPI refusal is a bare status with X-WOPI-* headers.',
    },
    tags: [
      { name: 'WebDAV', description: 'Desktop office suites (issue 15).' },
      { name: 'WOPI', description: 'Browser editors (issue 15).' },
    ],
    paths: { ...webdavPaths(), ...wopiPaths() },
    components: {
      securitySchemes: {
        wopiAccessToken: { type: 'apiKey', in: 'query', name: 'access_token' },
        wopiBearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          description: 'A refusal, as /edoc answers one: the message is in the caller’s language.',
          required: ['status', 'msg', 'data', 'errorCode'],
          properties: {
            status: { type: 'boolean', const: false },
            msg: { type: 'string' },
            data: { type: 'null' },
            errorCode: { type: 'string', examples: ['edit_session_ended'] },
          },
        },
      },
    },
  };
}

/** Serves the document: signed-in callers only unless API_DOCS_PUBLIC, as /edoc/docs/json (plugins/auth.ts). */
export function protocolsDocRoute(app: FastifyInstance): void {
  const doc = protocolsDocument();
  app.get(PROTOCOLS_DOC_URL, { schema: { hide: true } }, async () => doc);
}
