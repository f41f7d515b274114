import { describe, expect, it } from 'vitest';
import { artifactFolder, contentUrl, isInsidePackage, safeName } from './ems-paths.ts';

describe('package paths', () => {
  it("lays files out as the standard's example does, with names every file system takes", () => {
    expect(artifactFolder('05.02.01', 'Medical License')).toBe('05/05.02/05.02.01.Medical License');
    expect(contentUrl('01.01.01', 'Trial Master File Plan', 'EDOC-01-D42-V1.0.pdf')).toBe(
      '01/01.01/01.01.01.Trial Master File Plan/EDOC-01-D42-V1.0.pdf',
    );
    expect(safeName('CV: Dr. <Li> / "PI"?')).toBe('CV Dr. Li PI');
    expect(safeName('..hidden. ')).toBe('hidden');
    expect(safeName('研究者手册（第2版）')).toBe('研究者手册（第2版）');
    expect(safeName('CON.pdf')).toBe('_CON.pdf');
    expect(safeName('///')).toBe('_');
    expect([...safeName('长'.repeat(200))]).toHaveLength(80);
  });

  it('trusts only relative paths that stay inside the package', () => {
    for (const ok of ['05/05.02/05.02.01.Medical License/a.pdf', 'exchange.xml', '01/01.01/x..y.pdf'])
      expect(isInsidePackage(ok), ok).toBe(true);
    for (const bad of [
      '../etc/passwd',
      '05/../../x',
      '/etc/passwd',
      'C:/Windows/x',
      'c:x',
      '05\\..\\x',
      '05//x',
      './x',
      'a/\u0000b',
      '',
      'a/'.repeat(600),
    ])
      expect(isInsidePackage(bad), JSON.stringify(bad)).toBe(false);
  });
});
