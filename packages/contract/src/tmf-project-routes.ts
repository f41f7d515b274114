import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { defineRoute } from './route.ts';
import { tmfMapBody, tmfProjectSetup, tmfUseBody, tmfUseResult } from './tmf-project.ts';

/**
 * Issue 27 part 2: the entered project's TMF model and its document tree's mapping to the model's artifacts. The
 * project's administrators only (the gate of /manage/tmf-model/*).
 */
export const tmfProjectRoutes = {
  /** The chosen model (null: none yet), its artifacts, and the project's Work folders with their artifact. */
  setup: defineRoute('GET', '/manage/tmf/setup', { response: tmfProjectSetup }),
  /**
   * Chooses the model (a published one of the project's company, or a shipped one) and builds zone → section →
   * artifact folders in the document tree, reusing the folders that already stand for them. Idempotent.
   */
  use: defineRoute('POST', '/manage/tmf/use', { body: tmfUseBody, response: tmfUseResult }),
  /** Maps one folder of the document tree (:id) to an artifact of the project's model, or unmaps it (null). */
  map: defineRoute('POST', '/manage/tmf/map/:id', { params: idParams, body: tmfMapBody, response: noData }),
};
