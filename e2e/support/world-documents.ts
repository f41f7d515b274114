import { libraryRoutes } from '@edoc/contract/library-routes';
import { Stage } from '@edoc/contract/workflow';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { api, upload } from './api.ts';
import type { TestFile } from '@edoc/test-support/files';
import type { Person, Study } from './world.ts';

/**
 * Documents of a journey's world in the states it starts from, reached through the API as people reach them in
 * the pages: filed, sent along a route, passed stage by stage, archived. The journeys show these steps in the
 * browser where they are what the journey is about (03 uploads, 04 the workflow, 05 the library).
 */

/** Files a document into a workspace folder (by ICH code) as `by`: its id. */
export async function file<K extends string>(
  study: Study<K>,
  by: Person,
  code: string,
  content: TestFile,
  name?: string,
): Promise<number> {
  return upload(await study.tokenOf(by), study.folder(code), content, name);
}

/** Who acts at each stage of a route; the approval may ask for the approver's signature. */
export interface Route {
  review?: Person;
  qc?: Person;
  approval?: Person;
  signed?: boolean;
}

const STEPS = [
  ['review', Stage.Review],
  ['qc', Stage.Qc],
  ['approval', Stage.Approval],
] as const;

/**
 * Sends the document along the route as `by` (a route names someone for each of the project's enabled stages): it
 * is in review (3), or in the first stage named. A project with no stage enabled processes it when sent (an empty
 * route).
 */
export async function sent<K extends string>(study: Study<K>, by: Person, fileId: number, route: Route = {}) {
  const stages = STEPS.flatMap(([key, stage]) => {
    const who = route[key];
    return who ? [{ stage, userIds: [who.id], signatureRequired: stage === Stage.Approval && !!route.signed }] : [];
  });
  await api(await study.tokenOf(by), workflowRoutes.send, { body: { fileId, stages } });
}

/** Sent along the route, and each assignee passes their stage (the approver signing when asked): processed (8). */
export async function processed<K extends string>(study: Study<K>, by: Person, fileId: number, route: Route = {}) {
  await sent(study, by, fileId, route);
  for (const [key, stage] of STEPS) {
    const who = route[key];
    if (!who) continue;
    const signature =
      stage === Stage.Approval && route.signed
        ? { email: who.email, password: who.password, confirmed: true as const }
        : undefined;
    await api(await study.tokenOf(who), workflowRoutes.decide, {
      params: { id: fileId },
      body: { pass: true, comment: 'OK', signature },
    });
  }
}

/**
 * Archives a processed document as `by`, in effect from `startDate` (the project's calendar day): 6, or 7 before.
 * It goes to the library folder of its ICH code: the project needs its library tree (world.ts libraryTree).
 */
export async function archived<K extends string>(study: Study<K>, by: Person, fileId: number, startDate: string) {
  await api(await study.tokenOf(by), libraryRoutes.archive, { body: { fileId, startDate } });
}

/** A calendar day `offset` days from now in a time zone (the project's: the server compares dates there). */
export function dayIn(timeZone: string, offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + offset * 86_400_000));
}
