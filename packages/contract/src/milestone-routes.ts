import { noData } from './envelope.ts';
import { milestoneList, milestoneSaveBody } from './milestone.ts';
import { defineRoute } from './route.ts';

/** Issue 27 part 3: the entered project's milestones. The project's administrators only (the gate of /manage/tmf/*). */
export const milestoneRoutes = {
  /** The milestone types and the project's full grid (trial, each country, each site) with the dates set. */
  list: defineRoute('GET', '/manage/milestone/list', { response: milestoneList }),
  /** Sets one cell's planned and actual dates (an upsert). */
  save: defineRoute('POST', '/manage/milestone/save', { body: milestoneSaveBody, response: noData }),
};
