import { taskList, taskListQuery } from '@edoc/contract/workflow-requests';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { readsOf } from '../../plugins/read-replica.ts';
import { listTasks } from './task.service.ts';

/** GET /task/list?state=pending|processed: the caller's tasks in the entered project (home; issue 10). */
export function taskRoutes(api: Api, deps: Deps): void {
  const { get } = routes(api);
  get(
    '/task/list',
    { access: 'projectMember', query: taskListQuery, response: taskList, preloadRights: true, shaped: true },
    ({ ctx, query, request }) => listTasks(readsOf(deps, request), ctx, query),
  );
}
