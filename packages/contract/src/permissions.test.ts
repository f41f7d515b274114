import { describe, expect, it } from 'vitest';
import { evaluateFolderRights, type GrantRef, type PermissionSubject } from './permissions.ts';

// root 1 (work) > 2 > 3 ; root 4 (work) ; root 5 (library)
const folders = [
  { id: 1, parentId: 0, type: 0 },
  { id: 2, parentId: 1, type: 0 },
  { id: 3, parentId: 2, type: 0 },
  { id: 4, parentId: 0, type: 0 },
  { id: 5, parentId: 0, type: 1 },
];
const staff: PermissionSubject = {
  userId: 10,
  roleId: 7,
  groupIds: [3],
  roleDocKeys: ['viewDoc', 'createDoc', 'editDoc', 'downDoc'],
  roleLibraryKeys: ['viewDoc'],
  fullAccess: false,
};
const grant = (
  folderId: number,
  subjectType: GrantRef['subjectType'],
  subjectId: number,
  docKeys: string[],
  manageLevel = 0,
  libraryKeys: string[] = [],
): GrantRef => ({
  folderId,
  subjectType,
  subjectId,
  docKeys,
  libraryKeys,
  manageLevel,
});

describe('evaluateFolderRights', () => {
  it('gives full access everywhere to STU_PM / COMPANY_ADMIN', () => {
    const r = evaluateFolderRights(folders, [], { ...staff, fullAccess: true });
    for (const f of folders)
      expect(r.get(f.id)).toMatchObject({ isEnabled: true, manageLevel: 3, canCreateFile: true });
  });

  it('disables every folder without a grant', () => {
    const r = evaluateFolderRights(folders, [], staff);
    for (const f of folders) expect(r.get(f.id)!.isEnabled).toBe(false);
  });

  it('inherits a grant down the tree, and a lower grant overrides it', () => {
    const r = evaluateFolderRights(
      folders,
      [grant(1, 'role', 7, ['viewDoc', 'createDoc']), grant(3, 'user', 10, ['viewDoc'])],
      staff,
    );
    expect(r.get(1)).toMatchObject({ isEnabled: true, canCreateFile: true });
    expect(r.get(2)).toMatchObject({ isEnabled: true, canCreateFile: true });
    expect(r.get(3)).toMatchObject({ isEnabled: true, canCreateFile: false, docKeys: ['viewDoc'] });
    expect(r.get(4)!.isEnabled).toBe(false);
  });

  it('unions the grants that name the subject on one folder, by role, group or user', () => {
    const r = evaluateFolderRights(
      folders,
      [grant(4, 'group', 3, ['viewDoc']), grant(4, 'user', 10, ['downDoc']), grant(4, 'user', 99, ['editDoc'])],
      staff,
    );
    expect(r.get(4)!.docKeys).toEqual(['viewDoc', 'downDoc']);
  });

  it('ignores grants to other roles, groups and users', () => {
    const r = evaluateFolderRights(
      folders,
      [grant(1, 'role', 8, ['viewDoc']), grant(1, 'group', 4, ['viewDoc']), grant(1, 'user', 11, ['viewDoc'])],
      staff,
    );
    expect(r.get(1)!.isEnabled).toBe(false);
  });

  it('caps a grant by the role: keys the role lacks are never given', () => {
    const r = evaluateFolderRights(folders, [grant(1, 'user', 10, ['viewDoc', 'deleteDoc', 'approveDoc'])], staff);
    expect(r.get(1)!.docKeys).toEqual(['viewDoc']);
  });

  it('managing needs the role key manageFolder; without it a grant only shows', () => {
    expect(evaluateFolderRights(folders, [grant(1, 'user', 10, ['viewDoc'], 3)], staff).get(1)!.manageLevel).toBe(1);
    const manager = { ...staff, roleDocKeys: [...staff.roleDocKeys, 'manageFolder'] };
    expect(evaluateFolderRights(folders, [grant(1, 'user', 10, ['viewDoc'], 3)], manager).get(2)!.manageLevel).toBe(3);
  });

  it('library folders are enabled by the library viewDoc key', () => {
    const r = evaluateFolderRights(folders, [grant(5, 'role', 7, ['viewDoc'], 0, [])], staff);
    expect(r.get(5)!.isEnabled).toBe(false);
    const r2 = evaluateFolderRights(folders, [grant(5, 'role', 7, [], 0, ['viewDoc'])], staff);
    expect(r2.get(5)!.isEnabled).toBe(true);
  });
});
