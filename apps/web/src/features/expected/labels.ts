import type { TFunction } from 'i18next';
import type { ExpectedItem } from '@edoc/contract/expected';

/** "05.02.01 Protocol": the artifact's number and its name in the page's language (English where no Chinese). */
export const artifactLabel = (
  item: Pick<ExpectedItem, 'artifactNumber' | 'artifactNameEn' | 'artifactNameZh'>,
  lang: string,
) => `${item.artifactNumber} ${(lang === 'zh-CN' && item.artifactNameZh) || item.artifactNameEn}`;

/** Where the item is expected: the trial, a country by its code, a site by its name. */
export function placeLabel(item: Pick<ExpectedItem, 'level' | 'countryCode' | 'siteName'>, t: TFunction): string {
  const level = t(`expected.level.${item.level}`);
  if (item.level === 'country' && item.countryCode) return `${level} · ${item.countryCode}`;
  if (item.level === 'site' && item.siteName) return `${level} · ${item.siteName}`;
  return level;
}
