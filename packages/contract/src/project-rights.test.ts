import { describe, expect, it } from 'vitest';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from './enums.ts';
import { projectRightsOf } from './permissions.ts';
import { projectRights } from './project.ts';

const member = { fullAccess: false, readOnly: false, inspector: null, roleDocKeys: [], roleLibraryKeys: [] };

describe('projectRightsOf (the rights the project entry answer carries, issue 24)', () => {
  it('gives the administrator every key, whatever the role row holds', () => {
    const rights = projectRightsOf({ ...member, fullAccess: true });
    expect(rights).toEqual({
      fullAccess: true,
      readOnly: false,
      inspector: null,
      docKeys: [...DOC_PERMISSION_KEYS],
      libraryKeys: [...LIBRARY_PERMISSION_KEYS],
    });
    expect(projectRights.parse(rights)).toEqual(rights);
  });

  it("gives a member their role's known keys only, in the contract's order", () => {
    const rights = projectRightsOf({
      ...member,
      roleDocKeys: ['editDoc', 'viewDoc', 'bogus'],
      roleLibraryKeys: ['viewDoc'],
    });
    expect(rights).toMatchObject({ fullAccess: false, docKeys: ['editDoc', 'viewDoc'], libraryKeys: ['viewDoc'] });
  });

  it('leaves only the reading keys in a closed project', () => {
    const rights = projectRightsOf({ ...member, fullAccess: true, readOnly: true });
    expect(rights.docKeys).toEqual(['viewDoc', 'downDoc', 'viewTrailDoc', 'viewVersionDoc']);
    expect(rights.libraryKeys).toEqual(['viewDoc', 'downDoc', 'viewTrailDoc']);
  });

  it("gives an inspector the library's reading keys, downloading only when granted, and never full access", () => {
    const reading = projectRightsOf({ ...member, fullAccess: true, inspector: { canDownload: false } });
    expect(reading).toMatchObject({ fullAccess: false, inspector: { canDownload: false }, docKeys: [] });
    expect(reading.libraryKeys).toEqual(['viewDoc', 'viewTrailDoc']);
    expect(projectRightsOf({ ...member, inspector: { canDownload: true } }).libraryKeys).toContain('downDoc');
  });
});
