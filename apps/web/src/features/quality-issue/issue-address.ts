import { paths } from '../../config/paths';

/**
 * Where an issue is worked on: the workspace with its document's panel open on the quality issues tab. The list
 * page's rows and the Home tasks of an issue both open it.
 */
export const issueAddress = (documentId: number) => `${paths.project.work}?doc=${documentId}&tab=quality`;
