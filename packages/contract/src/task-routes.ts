import { taskList, taskListQuery } from './workflow-requests.ts';
import { defineRoute } from './route.ts';

/** The caller's workflow tasks in the entered project. */
export const taskRoutes = {
  list: defineRoute('GET', '/task/list', { query: taskListQuery, response: taskList }),
};
