/* The little of oidc-provider (a dev dependency: the real OpenID provider the SSO tests start on 127.0.0.1, which
 * ships no types) that oidc-provider.ts uses. */
declare module 'oidc-provider' {
  /* eslint-disable @typescript-eslint/no-explicit-any -- the provider's configuration and context are untyped here */
  export type Configuration = Record<string, any>;
  const Provider: new (issuer: string, config: Configuration) => any;
  export default Provider;
}
