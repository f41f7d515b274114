import { projectAlertBody, projectAlertList, projectAlertSaved } from './alert.ts';
import { noData } from './envelope.ts';
import { fileOnly, userIdParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';
import { avatarData, handwritingData, langBody, userInfo, userInfoModifyBody } from './user.ts';

/** The signed-in user's own profile, language, avatar, handwriting and project alerts. */
export const userRoutes = {
  info: defineRoute('GET', '/user/info', { response: userInfo }),
  modifyInfo: defineRoute('POST', '/user/info/modify/a', { body: userInfoModifyBody, response: userInfo }),
  setLang: defineRoute('POST', '/user/lang', { body: langBody, response: noData }),
  uploadAvatar: defineRoute('POST', '/user/avatar', { multipart: fileOnly, response: avatarData }),
  avatar: defineRoute('GET', '/user/avatar/:userId', { params: userIdParams, response: rawAnswer }),
  projectAlerts: defineRoute('GET', '/user/study_alert', { response: projectAlertList }),
  saveProjectAlert: defineRoute('POST', '/user/study_alert/a', { body: projectAlertBody, response: projectAlertSaved }),
  handwriting: defineRoute('GET', '/user/signature', { response: rawAnswer }),
  uploadHandwriting: defineRoute('POST', '/user/signature/a', { multipart: fileOnly, response: handwritingData }),
};
