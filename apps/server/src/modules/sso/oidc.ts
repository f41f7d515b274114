import * as client from 'openid-client';
import { fail } from '../../lib/app-error.ts';

/*
 * The relying party's use of openid-client (v6): discovery, the authorization URL with PKCE S256, and the code
 * exchange whose ID token checks (issuer, audience, expiry, nonce, signature against the provider's key set) are
 * openid-client's. Plain http is allowed only for a loopback issuer (a provider on the same machine, as in tests).
 */

export interface ProviderKeys {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const loopback = (u: URL) => u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);

/** Fetches the provider's discovery document; a failure names the issuer field (sso_discovery_failed). */
export async function discover(p: ProviderKeys): Promise<client.Configuration> {
  const url = new URL(p.issuer);
  try {
    return await client.discovery(url, p.clientId, p.clientSecret, undefined, {
      execute: loopback(url) ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
  } catch {
    return fail('sso_discovery_failed', { field: 'issuer' });
  }
}

/** The configuration from a stored discovery document (no network), refreshed by discover() on save. */
export function configOf(p: ProviderKeys, metadata: client.ServerMetadata): client.Configuration {
  const config = new client.Configuration(metadata, p.clientId, p.clientSecret);
  if (loopback(new URL(p.issuer))) client.allowInsecureRequests(config);
  return config;
}

export interface AuthRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const newAuthRequest = (): AuthRequest => ({
  state: client.randomState(),
  nonce: client.randomNonce(),
  codeVerifier: client.randomPKCECodeVerifier(),
});

export async function authorizationUrl(
  config: client.Configuration,
  req: AuthRequest,
  redirectUri: string,
  fresh: boolean,
): Promise<string> {
  const params: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: req.state,
    nonce: req.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(req.codeVerifier),
    code_challenge_method: 'S256',
  };
  // A Part 11 signature needs a fresh authentication: the provider must ask again, whatever session it holds.
  if (fresh) Object.assign(params, { prompt: 'login', max_age: '0' });
  return client.buildAuthorizationUrl(config, params).href;
}

/** Exchanges the code; any failed check of the answer or the ID token is sso_token_invalid. Returns the claims. */
export async function exchangeCode(
  config: client.Configuration,
  callbackUrl: URL,
  req: AuthRequest,
): Promise<client.IDToken> {
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: req.codeVerifier,
      expectedState: req.state,
      expectedNonce: req.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) return fail('sso_token_invalid');
    return claims;
  } catch {
    return fail('sso_token_invalid');
  }
}
