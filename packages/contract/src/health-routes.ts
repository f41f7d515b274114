import { defineRoute, rawAnswer } from './route.ts';

/** Whether the server, its database and its storage are up (its own JSON, not the envelope). */
export const healthRoutes = {
  health: defineRoute('GET', '/health', { response: rawAnswer }),
};
