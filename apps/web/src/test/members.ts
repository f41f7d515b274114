import { RoleCode } from '@edoc/contract/enums';
import { pageOf } from '@edoc/contract/envelope';
import { projectMember } from '@edoc/contract/member';
import { reply } from './fetch-mock';

/** GET /manage/member/list answering one staff member, Sam Staff (user 7): what the creator pickers list. */
export const oneStaffMember = () =>
  reply(pageOf(projectMember), {
    data: [
      {
        memberId: 1,
        userId: 7,
        userName: 'Sam Staff',
        email: 's@x',
        roleId: 2,
        roleCode: RoleCode.ProjectStaff,
        roleName: 'Staff',
        siteIds: [],
      },
    ],
    total: 1,
  });
