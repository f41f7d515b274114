import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

/*
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the SSO tests, with test accounts and its
 * development login form, which signIn() fills in by fetch as a browser would (cookies kept by hand).
 */

export interface TestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  groups: string[];
}

export async function startProvider(redirectUri: string, accounts: TestAccount[]) {
  const byId = new Map(accounts.map((a) => [a.sub, a]));
  const config: Configuration = {
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
  server.on('request', provider.callback());
  return { issuer, provider, close: () => new Promise<void>((done) => server.close(() => done())) };
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
