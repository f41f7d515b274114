import { describe, expect, it } from 'vitest';
import { suggestionsIn } from './bulk-import-why.ts';

describe('why a value was suggested', () => {
  it('reads in Chinese for a Chinese reader, as the engine said it for an English one', () => {
    const s = {
      artifacts: [{ value: 1, confidence: 0.9, why: 'words: licence medical; protocol number in text' }],
      site: { value: 2, confidence: 0.95, why: 'site code S01 in folder' },
      documentDate: { value: '2024-03-05', confidence: 0.9, why: 'labelled date: 2024-03-05' },
      title: { value: 'Medical License', confidence: 0.7, why: 'first heading-like line' },
    };
    expect(suggestionsIn(s, 'zh-CN')).toMatchObject({
      artifacts: [{ why: '匹配词语：licence medical；正文含方案编号' }],
      site: { why: '文件夹名含中心编号 S01' },
      documentDate: { why: '标注的日期：2024-03-05' },
      title: { why: '正文中第一行标题' },
    });
    expect(suggestionsIn(s, 'en-US')).toEqual(s);
  });
});
