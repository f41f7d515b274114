import { describe, expect, it } from 'vitest';
import { TrailType } from './enums.ts';
import { describeTrail, describeTrailText, trailLineText, trailSideText } from './trail-format.ts';
import { trailEntry } from './trail.ts';

const row = (over: Partial<Parameters<typeof describeTrail>[0]>) => ({
  type: TrailType.Update,
  objectType: 'document',
  objectId: '2',
  version: null,
  oldValue: null,
  newValue: null,
  ...over,
});

describe('describeTrail', () => {
  const rename = row({ oldValue: { name: 'Protocol' }, newValue: { name: 'Protocol v2' } });

  it('names the object and labels a change in either language', () => {
    const en = describeTrail(rename, 'en-US');
    expect(en.object).toBe('Document «Protocol v2»');
    expect(en.lines.map(trailLineText)).toEqual(['Name: Protocol → Protocol v2']);
    const zh = describeTrail(rename, 'zh-CN');
    expect(zh.object).toBe('文档 «Protocol v2»');
    expect(zh.lines.map(trailLineText)).toEqual(['名称: Protocol → Protocol v2']);
  });

  it("names the object by the server's name of it today when its values carry none (issue 12: 'Document #41')", () => {
    const viewed = row({
      type: TrailType.View,
      newValue: { action: 'view', fileVersionId: 3, sha256: 'ab' },
      objectName: 'Protocol today',
    });
    expect(describeTrail(viewed, 'en-US').object).toBe('Document «Protocol today»');
    expect(describeTrail({ ...viewed, objectName: null }, 'en-US').object).toBe('Document #2');
    // The values' own name wins: it is the name the object had when the row was written.
    expect(describeTrail({ ...rename, objectName: 'Protocol today' }, 'en-US').object).toBe('Document «Protocol v2»');
  });

  it('says which version was uploaded, with its hash', () => {
    const created = row({
      type: TrailType.Create,
      version: 'V2.0',
      newValue: { name: 'P', folderId: 3, fileName: 'p.pdf', sha256: 'ab12', size: 9, versionNo: 'V2.0' },
    });
    expect(describeTrail(created, 'en-US').summary).toBe('Version V2.0 uploaded, sha256 ab12');
    expect(describeTrail(created, 'zh-CN').summary).toBe('上传版本 V2.0，sha256 ab12');
    expect(describeTrailText(created, 'en-US')).toContain('File name: p.pdf');
  });

  it('shows only the fields an update changed, and codes and booleans by their meaning', () => {
    const d = describeTrail(
      row({
        type: TrailType.UserChange,
        objectType: 'user',
        objectId: '7',
        oldValue: { email: 'a@x.io', userType: 2, enabled: true },
        newValue: { email: 'a@x.io', userType: 2, enabled: false },
      }),
      'en-US',
    );
    expect(d.object).toBe('User «a@x.io»');
    expect(d.lines.map(trailLineText)).toEqual(['Enabled: Yes → No']);
    const created = describeTrail(
      row({ type: TrailType.UserChange, objectType: 'user', newValue: { userType: 2 } }),
      'zh-CN',
    );
    expect(created.lines.map(trailLineText)).toEqual(['用户类型: 公司用户']);
  });

  it('gives each side of the change for the export columns', () => {
    const d = describeTrail(rename, 'en-US');
    expect(trailSideText(d, 'old')).toBe('Name: Protocol');
    expect(trailSideText(d, 'new')).toBe('Name: Protocol v2');
  });

  it('reads legacy and unknown rows by their keys, never failing', () => {
    const legacy = row({
      objectType: 'widget',
      objectId: '5',
      oldValue: 'raw',
      newValue: { zap: [1, 2], deep: { a: 1 } },
    });
    const en = describeTrail(legacy, 'en-US');
    expect(en.object).toBe('widget #5');
    expect(en.lines.map(trailLineText)).toEqual(['Value: raw', 'zap: 1; 2', 'deep: a: 1']);
    expect(describeTrail(legacy, 'zh-CN').lines[0]).toEqual({ key: 'value', label: '值', old: 'raw' });
    expect(describeTrail(row({ oldValue: [{ folderId: 1 }], newValue: 3 }), 'en-US').lines.map(trailLineText)).toEqual([
      'Value: (Folder: 1) → 3',
    ]);
    expect(describeTrail(row({ objectId: null }), 'en-US')).toMatchObject({ object: 'Document', lines: [] });
  });
});

describe('trail entries', () => {
  it('accept the payloads the server writes and refuse an unknown pair', () => {
    const ok = trailEntry.safeParse({
      type: TrailType.Update,
      objectType: 'document',
      objectId: 2,
      oldValue: { name: 'A' },
      newValue: { name: 'B' },
    });
    expect(ok.success).toBe(true);
    expect(trailEntry.safeParse({ type: TrailType.Login, objectType: 'document' }).success).toBe(false);
  });
});

describe('a custom report in the trail (issue 26)', () => {
  it('reads its definition as a sentence, not as keys and dashes', () => {
    const definition = {
      dataset: 'documents',
      columns: ['name', 'status'],
      filters: [],
      groupBy: null,
      measure: { fn: 'count', field: null },
      chartType: 'bar',
      sort: null,
      limit: 200,
    };
    const created = row({
      type: TrailType.Create,
      objectType: 'custom_report',
      newValue: { name: 'R', shared: false, mailTo: [], definition },
    });
    const en = describeTrail(created, 'en-US').lines.find((l) => l.key === 'definition');
    expect(en?.label).toBe('Report definition');
    expect(en?.new).toMatch(/^Documents; columns .+; Count; Bar chart; up to 200 rows$/);
    expect(en?.new).not.toMatch(/sort|limit|—/);
    const zh = describeTrail(created, 'zh-CN').lines.find((l) => l.key === 'definition');
    expect(zh?.new).toMatch(/柱状图；最多 200 行$/);
  });
});
