import { type Lang, TrailType } from './enums.ts';
import type { TrailRowLike } from './trail-format.ts';

type Values = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** Sentences for the document events an inspector reads most: versions uploaded, read, deleted. */
export function documentSentence(row: TrailRowLike, o: Values | null, n: Values | null, lang: Lang): string | null {
  if (row.objectType !== 'document') return null;
  const en = lang === 'en-US';
  const sha = str(n?.sha256);
  const versionNo = str(n?.versionNo) ?? str(o?.versionNo) ?? row.version ?? '';
  if (row.type === TrailType.Update && n?.certifiedCopy === true) {
    const content = str(n.contentSha256) ?? '';
    return en
      ? `Version ${versionNo} certified as a copy of its paper original, ${String(n.pages)} pages checked, sha256 ${content}`
      : `版本 ${versionNo} 核证为纸质原件的副本，已逐页核对 ${String(n.pages)} 页，sha256 ${content}`;
  }
  if ((row.type === TrailType.Create || row.type === TrailType.Update) && sha) {
    return en ? `Version ${versionNo} uploaded, sha256 ${sha}` : `上传版本 ${versionNo}，sha256 ${sha}`;
  }
  if (row.type === TrailType.Update && n?.restored === true)
    return en ? 'Restored from the recycle bin' : '从回收站恢复';
  if (row.type === TrailType.View && n?.action === 'download') {
    return en ? `Version ${versionNo} downloaded` : `下载版本 ${versionNo}`;
  }
  if (row.type === TrailType.View && n?.action === 'view')
    return en ? `Version ${versionNo} viewed` : `查看版本 ${versionNo}`;
  if (row.type === TrailType.Delete) {
    if (o?.fileVersionId !== undefined) return en ? `Version ${versionNo} deleted` : `删除版本 ${versionNo}`;
    if (n?.recycled === true) return en ? 'Moved to the recycle bin' : '移入回收站';
    if (n?.purged === true) return en ? 'Deleted permanently' : '彻底删除';
  }
  return null;
}
