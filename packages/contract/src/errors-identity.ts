/**
 * The errors of identity and integration (issue 29: single sign-on, the second factor, API tokens, webhooks), in the
 * form of errors.ts (which spreads them into ERRORS): a stable code, its honest HTTP status and the message in both
 * languages. Each part keeps its codes under its own heading.
 */
export const IDENTITY_ERRORS = {
  // part 1 and 2: single sign-on (OpenID Connect) and signing under it
  sso_discovery_failed: [
    400,
    '{field}：无法读取该身份提供方的配置（OpenID Connect 发现）',
    "{field}: the provider's configuration could not be read (OpenID Connect discovery)",
  ],
  sso_provider_unavailable: [404, '此单点登录方式不可用', 'This single sign-on is not available'],
  sso_state_invalid: [
    400,
    '单点登录请求已过期或已使用，请重试',
    'The single sign-on request expired or was already used; try again',
  ],
  sso_token_invalid: [401, '身份提供方的应答未通过检查', "The provider's answer did not pass the checks"],
  sso_email_unverified: [401, '身份提供方未确认此电子邮箱', 'The provider has not verified this e-mail address'],
  sso_no_account: [401, '没有与此身份对应的账号', 'No account matches this identity'],
  sso_ticket_invalid: [
    401,
    '登录凭据已过期或已使用，请重新登录',
    'The sign-in ticket expired or was already used; sign in again',
  ],
  sso_not_sso_account: [409, '此账号不使用单点登录', 'This account does not use single sign-on'],
  // 400, not 401: the web ends the session on a 401, and a spent or expired proof only asks for a new one.
  sso_proof_invalid: [
    400,
    '身份确认已过期、已使用或不属于您，请重新确认',
    'The identity confirmation expired, was used, or is not yours; confirm again',
  ],
  sso_reauth_stale: [
    401,
    '身份提供方的登录不是刚刚进行的，请重新确认',
    'The sign-in at the provider was not fresh; confirm again',
  ],
  password_sign_in_off: [403, '您的公司要求使用单点登录', 'Your company signs in with single sign-on'],
  // part 3: two-factor sign-in (TOTP)
  /** /login's answer when the password was right and a second factor is needed; data: { challenge, enrol }. */
  totp_required: [403, '请输入身份验证器中的动态验证码', 'Enter the code from your authenticator app'],
  totp_code_wrong: [400, '动态验证码错误', 'Wrong authenticator code'],
  recovery_code_wrong: [400, '恢复码错误或已使用', 'Wrong or already used recovery code'],
  totp_challenge_invalid: [
    401,
    '此登录步骤已过期或已使用，请重新登录',
    'This sign-in step has expired or was already used; please sign in again',
  ],
  totp_not_enrolled: [409, '尚未启用双重验证', 'Two-factor sign-in is not set up'],
  /** Signing: the company's policy asks a factor of the signer, who has none yet (set up in the user centre). */
  totp_required_to_sign: [
    403,
    '公司要求双重验证：请先在个人中心启用后再签名',
    'Your company requires two-factor sign-in: set it up in your user centre before signing',
  ],
  totp_already_enrolled: [409, '已启用双重验证', 'Two-factor sign-in is already set up'],
  totp_enrolment_not_needed: [
    409,
    '此账号无需在登录时设置双重验证',
    'This account need not set up two-factor sign-in here',
  ],
  totp_required_by_policy: [
    409,
    '公司要求使用双重验证，不能关闭',
    'Your company requires two-factor sign-in; it cannot be turned off',
  ],
  password_sign_in_needs_sso: [
    409,
    '密码登录：只有公司已启用单点登录时才能关闭',
    'Password sign-in: it can be turned off only when the company has single sign-on enabled',
  ],
  // part 4: API tokens
  token_scope_missing: [403, '此 API 令牌缺少权限范围：{field}', 'This API token lacks the scope: {field}'],
  token_not_allowed: [
    403,
    '此操作不能使用 API 令牌，须由本人登录操作',
    'This action cannot be done with an API token; sign in as a person',
  ],
  token_project_refused: [403, '此 API 令牌不能进入该项目', 'This API token may not enter this project'],
  token_expiry_too_far: [400, '{field}：有效期最长一年', '{field}: at most one year ahead'],
  token_not_found: [404, 'API 令牌不存在', 'No such API token'],
  service_account_not_found: [404, '服务账号不存在', 'No such service account'],
  // part 5: webhooks
  webhook_not_found: [404, 'Webhook 订阅不存在', 'No such webhook'],
  webhook_delivery_not_found: [404, '此 Webhook 没有该投递记录', 'This webhook has no such delivery'],
  webhook_url_invalid: [
    400,
    '{field}：只接受 http 或 https 地址，且不能包含用户名或密码',
    '{field}: only an http or https address, without a user name or password',
  ],
  webhook_target_private: [
    400,
    '{field}：指向内网、本机或链路本地地址，系统设置不允许此类目标',
    '{field}: it points to a private, loopback or link-local address, which the system settings do not allow',
  ],
  webhook_target_unresolved: [400, '{field}：无法解析该主机名', '{field}: the host name could not be resolved'],
} as const satisfies Record<string, readonly [number, string, string]>;
