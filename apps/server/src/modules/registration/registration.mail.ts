import type { Lang } from '@edoc/contract/enums';
import type { Mail } from '../../mail/mailer.ts';

type Person = { name: string; email: string };

/** To a company's administrators: someone registered and waits for their decision. */
export function newRegistrationMail(lang: Lang, o: { user: Person; company: string; url: string }): Omit<Mail, 'to'> {
  const page = `${o.url.replace(/\/+$/, '')}/company/approve`;
  return lang === 'en-US'
    ? {
        subject: `edoc: ${o.user.name} asks to join ${o.company}`,
        text: `${o.user.name} (${o.user.email}) registered as an external user of ${o.company} and waits for approval.\n\nReview the request at ${page}\n`,
      }
    : {
        subject: `edoc：${o.user.name} 申请加入 ${o.company}`,
        text: `${o.user.name}（${o.user.email}）已注册为 ${o.company} 的外部用户，正在等待审批。\n\n请访问 ${page} 进行审批。\n`,
      };
}

/** To the applicant: the administrator's decision, with the reason of a rejection. */
export function decisionMail(
  lang: Lang,
  o: { user: Person; company: string; url: string; pass: boolean; reason?: string },
): Omit<Mail, 'to'> {
  if (lang === 'en-US') {
    return o.pass
      ? {
          subject: 'Your edoc registration was approved',
          text: `Hello ${o.user.name},\n\nyour registration with ${o.company} was approved. Sign in at ${o.url} with ${o.user.email} and the password you chose.\n`,
        }
      : {
          subject: 'Your edoc registration was rejected',
          text: `Hello ${o.user.name},\n\nyour registration with ${o.company} was rejected.\nReason: ${o.reason ?? ''}\n`,
        };
  }
  return o.pass
    ? {
        subject: '您的 edoc 注册申请已通过',
        text: `${o.user.name}，您好：\n\n您在 ${o.company} 的注册申请已通过审批。请访问 ${o.url}，使用 ${o.user.email} 和您设置的密码登录。\n`,
      }
    : {
        subject: '您的 edoc 注册申请未通过',
        text: `${o.user.name}，您好：\n\n您在 ${o.company} 的注册申请未通过审批。\n原因：${o.reason ?? ''}\n`,
      };
}

/** To the holder of an address someone tried to register again: they may have forgotten they have an account. */
export function addressTakenMail(lang: Lang, url: string): Omit<Mail, 'to'> {
  return lang === 'en-US'
    ? {
        subject: 'edoc: a registration with your e-mail address',
        text: `Someone asked to register an edoc account with this e-mail address, which already has one.\nIf it was you, sign in at ${url}, or use "Forgot password" there. If it was not you, you need do nothing.\n`,
      }
    : {
        subject: 'edoc：有人使用您的邮箱申请注册',
        text: `有人使用此邮箱申请注册 edoc 账号，但该邮箱已有账号。\n如是您本人，请访问 ${url} 登录，或在登录页使用"忘记密码"。如非本人操作，无需处理。\n`,
      };
}

/**
 * To an address registered for a company edoc does not have (or has disabled): the answer on the page is the same as
 * for a real one, so a stranger cannot learn which company names exist; the owner of the address learns it here.
 */
export function companyUnknownMail(lang: Lang, o: { company: string; url: string }): Omit<Mail, 'to'> {
  return lang === 'en-US'
    ? {
        subject: 'edoc: your registration was not sent to any company',
        text: `You asked to register an edoc account with the company "${o.company}", but no enabled company has that name, so no administrator received your request.\nCheck the exact company name with your company's edoc administrator, then register again at ${o.url}/register.\n`,
      }
    : {
        subject: 'edoc：您的注册申请未送达任何公司',
        text: `您申请注册 edoc 账号时填写的公司为"${o.company}"，但没有名称相同且已启用的公司，因此没有管理员收到您的申请。\n请向贵公司的 edoc 管理员确认公司全称后，在 ${o.url}/register 重新注册。\n`,
      };
}
