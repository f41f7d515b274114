import type { CompanyUserItem } from '@edoc/contract/company';
import { UserType, type Lang } from '@edoc/contract/enums';
import { csvDocument } from '../../lib/csv.ts';

const HEADERS: Record<Lang, string[]> = {
  'zh-CN': ['邮箱', '姓名', '手机', '类型', '启用', '创建时间（UTC）'],
  'en-US': ['E-mail', 'Name', 'Mobile', 'Type', 'Enabled', 'Created (UTC)'],
};

function typeLabel(u: CompanyUserItem, lang: Lang): string {
  const en = lang === 'en-US';
  if (u.userType === UserType.Company)
    return u.isCompanyManager ? (en ? 'Company administrator' : '公司管理员') : en ? 'Company user' : '公司用户';
  return en ? 'Project user' : '项目用户';
}

/** UTC, to the second, in a form Excel reads as a date in either language. */
const when = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/**
 * The user list as CSV: UTF-8 with a byte-order mark (without it Excel reads Chinese names as mojibake) and CRLF
 * line ends (RFC 4180), headers and values in the request's language.
 */
export function companyUsersCsv(items: CompanyUserItem[], lang: Lang): string {
  const yes = lang === 'en-US' ? 'Yes' : '是';
  const no = lang === 'en-US' ? 'No' : '否';
  return csvDocument([
    HEADERS[lang],
    ...items.map((u) => [
      u.email,
      u.userName,
      u.mobile ?? '',
      typeLabel(u, lang),
      u.enabled ? yes : no,
      when(u.createdAt),
    ]),
  ]);
}
