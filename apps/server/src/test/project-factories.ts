import type { TestContext } from './context.ts';
import { client } from './requests.ts';

// Transitional: only authorization.test.ts still imports from here (it is not edited in issue 8's test pass).
// Import from factories.ts and requests.ts; delete this file once that test's imports are switched.
export { createProjectWorld, joinProject, type ProjectWorld } from './factories.ts';
export const callAs = (ctx: TestContext, token: string) => client(ctx.app, token);
