// The package ships no types; its declaration must come along wherever this file is compiled (server, e2e), and an
// ambient module declaration cannot be imported.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider-types.d.ts" />
import { createSign, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

/*
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the SSO tests (the server's and journey 16's), with test accounts and its
 * development login form, which signIn() fills in by fetch as a browser would (cookies kept by hand). Its signing key
 * is the test's, so a test can script a bad answer: `tamper` rewrites the ID token's claims at the token endpoint and
 * signs it again with the provider's own key (a wrong audience, an expired token, a wrong nonce, a stale auth_time)
 * instead of waiting for the real thing.
 */

type Claims = Record<string, unknown>;
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Re-signs an RS256 JWT's payload with the given private key, keeping its header (kid). */
function resign(jwt: string, key: JsonWebKey, change: (c: Claims) => Claims): string {
  const [header, payload] = jwt.split('.');
  const claims = change(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Claims);
  const input = `${header}.${b64(claims)}`;
  const signature = createSign('RSA-SHA256').update(input).sign({ key, format: 'jwk' });
  return `${input}.${signature.toString('base64url')}`;
}

/** Rewrites the token endpoint's answer on its way out (Koa sets the headers, then ends with the body). */
function tamperToken(res: ServerResponse, key: JsonWebKey, change: (c: Claims) => Claims) {
  const end = res.end.bind(res) as (body?: unknown) => ServerResponse;
  res.end = ((body?: unknown) => {
    const answer = JSON.parse(String(body)) as { id_token?: string };
    if (answer.id_token) answer.id_token = resign(answer.id_token, key, change);
    const text = JSON.stringify(answer);
    res.setHeader('content-length', Buffer.byteLength(text));
    return end(text);
  }) as ServerResponse['end'];
}

export interface TestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  groups: string[];
}

export async function startProvider(redirectUri: string, accounts: TestAccount[]) {
  const byId = new Map(accounts.map((a) => [a.sub, a]));
  const key = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) };
  const config: Configuration = {
    jwks: { keys: [{ ...key, kid: 'test', use: 'sig', alg: 'RS256' }] },
    clients: [
      {
        client_id: 'edoc',
        client_secret: 'edoc-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    pkce: { required: () => true },
    findAccount: (_ctx: unknown, id: string) => {
      const a = byId.get(id);
      if (!a) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: a.email, email_verified: a.emailVerified, name: a.name, groups: a.groups }),
      };
    },
    // Consent is the provider's business, not edoc's: grant the requested scopes at once.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- oidc-provider's context is untyped here
    loadExistingGrant: async (ctx: any) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    conformIdTokenClaims: false,
  };
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, config);
  const op = {
    issuer,
    provider,
    /** When set, the next token answers carry ID tokens with these claims changed. */
    tamper: undefined as ((c: Claims) => Claims) | undefined,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (op.tamper && req.method === 'POST' && req.url?.startsWith('/token')) tamperToken(res, key, op.tamper);
    return handle(req, res);
  });
  return op;
}

/** Follows the authorization URL through the provider's login form as `sub`; returns the callback URL it ends at. */
export async function signInAt(authUrl: string, sub: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authUrl;
  let form = false;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(redirectUri)) return new URL(url);
    const res = form
      ? await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login: sub, password: 'any' }).toString(),
        })
      : await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
    keep(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      form = false;
    } else if (res.status === 200 && url.includes('/interaction/') && !form) {
      form = true;
    } else {
      throw new Error(`provider answered ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
    }
  }
  throw new Error('too many redirects');
}
