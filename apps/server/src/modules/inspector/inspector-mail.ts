import type { Lang } from '@edoc/contract/enums';

/**
 * The invitation an inspector receives, in their language: which project, which days, whether downloads are allowed;
 * for a new account also its temporary password (one mail that says why the account exists).
 */
export function invitationMail(
  lang: Lang,
  a: {
    name: string;
    email: string;
    project: string;
    grant: { startsOn: string; endsOn: string; canDownload: boolean };
    url: string;
    password: string | null;
  },
) {
  const { startsOn, endsOn, canDownload } = a.grant;
  if (lang === 'en-US') {
    const account = a.password
      ? `\nAn edoc account has been made for you:\n  E-mail: ${a.email}\n  Temporary password: ${a.password}\n` +
        'You must choose a new password when you first sign in. Nobody else has been shown this password.\n'
      : '';
    return {
      subject: `Inspection access to ${a.project}`,
      text:
        `Hello ${a.name},\n\nyou have been given read-only access to the archived documents of ${a.project} ` +
        `from ${startsOn} to ${endsOn} (inclusive).\n${canDownload ? 'You may download documents.' : 'Documents can be viewed, not downloaded.'}\n${account}\n` +
        `Sign in at ${a.url} and choose the project. Every page you open is recorded in the audit trail.\n`,
    };
  }
  const account = a.password
    ? `\n已为您创建 edoc 账号：\n  邮箱：${a.email}\n  临时密码：${a.password}\n首次登录时须修改密码。该密码未向任何其他人显示。\n`
    : '';
  return {
    subject: `${a.project} 检查访问`,
    text:
      `${a.name}，您好：\n\n您已获得 ${a.project} 已归档文件的只读访问权限，期限 ${startsOn} 至 ${endsOn}（含）。\n` +
      `${canDownload ? '您可以下载文档。' : '文档可以查看，不能下载。'}\n${account}\n请访问 ${a.url} 登录并选择该项目。您打开的每个页面都会记录在稽查轨迹中。\n`,
  };
}
