import { z } from 'zod';
import { abilityList, calendarDate, idField, idParam, optionalText, passwordInput, requiredText } from './fields.ts';
import { pageOf } from './envelope.ts';
import { Stage, TASK_KINDS, WORKFLOW_ACTIONS } from './workflow.ts';

/** Requests and answers of the document workflow (issue 10; DESIGN §6–§7). */

const stageField = z.union([z.literal(Stage.Review), z.literal(Stage.Qc), z.literal(Stage.Approval)], {
  error: 'invalid_value',
});

/** One stage of a route: its assignees (people, or groups expanded when sent) and how it decides. */
export const routeStageInput = z
  .object({
    stage: stageField,
    userIds: z.array(idField).max(50, 'too_long').default([]),
    groupIds: z.array(idField).max(20, 'too_long').default([]),
    signatureRequired: z.boolean().default(false),
    allMustAct: z.boolean().default(false),
    dueDate: calendarDate.optional(),
  })
  .refine((s) => s.userIds.length + s.groupIds.length > 0, { path: ['userIds'], message: 'required' });
export type RouteStageInput = z.infer<typeof routeStageInput>;

export const routeInput = z
  .array(routeStageInput)
  .max(3, 'too_long')
  .refine((stages) => new Set(stages.map((s) => s.stage)).size === stages.length, 'invalid_value');

/** POST /file/apply/save: send a document along a route (the project's enabled stages, in order). */
export const sendBody = z.object({ fileId: idField, stages: routeInput });
export type SendBody = z.infer<typeof sendBody>;

/**
 * A stage requiring a signature asks for the password again (with the e-mail at the first signing of a session)
 * and the confirmation tick; the meaning comes from the stage.
 */
export const eSignatureInput = z.object({
  email: z.string().trim().max(254, 'too_long').optional(),
  /** Required of a password account; an SSO account gives ssoProof instead (issue 29 part 2). */
  password: passwordInput.optional(),
  confirmed: z.literal(true, { error: 'signature_not_confirmed' }),
  /** The signer's IANA time zone, shown beside the UTC time on the signature page. */
  timeZone: z.string().trim().max(64, 'too_long').optional(),
  /** The authenticator's current code, for a signer with a confirmed second factor (issue 29 part 3). */
  totpCode: z.string().trim().max(16, 'too_long').optional(),
  /** An SSO account's one-use proof of a fresh authentication at its provider (POST /sso/sign/start). */
  ssoProof: z.string().trim().max(128, 'too_long').optional(),
});
export type ESignatureInput = z.infer<typeof eSignatureInput>;

/** POST /file/audit/{fileId}/a: the caller's decision on the open stage. A rejection needs its reason. */
export const decideBody = z
  .object({
    pass: z.boolean('required'),
    comment: optionalText(1000),
    signature: eSignatureInput.optional(),
  })
  .refine((d) => d.pass || !!d.comment, { path: ['reason'], message: 'required' });
export type DecideBody = z.infer<typeof decideBody>;

/** POST /file/batch/a: send many documents along one route, or pass many of my tasks at once. */
export const batchBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('send'),
    fileIds: z.array(idField).min(1, 'required').max(200, 'too_long'),
    stages: routeInput,
  }),
  z.object({
    action: z.literal('pass'),
    fileIds: z.array(idField).min(1, 'required').max(200, 'too_long'),
    comment: optionalText(1000),
    signature: eSignatureInput.optional(),
  }),
]);
export type BatchBody = z.infer<typeof batchBody>;

/** Each document of a batch on its own: done, or why not. */
export const batchAnswer = z.object({
  results: z.array(
    z.object({ fileId: z.number(), ok: z.boolean(), errorCode: z.string().nullable(), msg: z.string().nullable() }),
  ),
});
export type BatchAnswer = z.infer<typeof batchAnswer>;

/** The workflow actions the caller may take on a document now (workflow-abilities.ts abilitiesOf). */
export const workflowAbilities = abilityList(WORKFLOW_ACTIONS);

const eSignatureShown = z.object({
  signerName: z.string(),
  meaning: z.string(),
  signedAt: z.string(),
  timeZone: z.string(),
  contentSha256: z.string(),
  /** False once a newer version exists: the signature was given to other content. */
  appliesToCurrent: z.boolean(),
});

/** GET /file/flow/{fileId}: every route of the document, newest first, as a timeline. */
export const workflowHistory = z.array(
  z.object({
    routeId: z.number(),
    versionNo: z.string(),
    senderName: z.string(),
    sentAt: z.string(),
    state: z.number(),
    stages: z.array(
      z.object({
        stage: z.number(),
        state: z.number().nullable(),
        allMustAct: z.boolean(),
        signatureRequired: z.boolean(),
        dueDate: z.string().nullable(),
        assignees: z.array(
          z.object({
            userId: z.number(),
            userName: z.string(),
            decision: z.number(),
            comment: z.string().nullable(),
            decidedAt: z.string().nullable(),
            signature: eSignatureShown.nullable(),
          }),
        ),
      }),
    ),
  }),
);
export type WorkflowHistory = z.infer<typeof workflowHistory>;

export const TASK_SORTS = ['fileName', 'senderName', 'createdAt', 'dueDate', 'doneAt'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export const taskListQuery = z.object({
  state: z.enum(['pending', 'processed']).default('pending'),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  /** Only tasks of this state (SPEC §4 task states); the filter must be the server's, the list is paged. */
  kind: z.enum(TASK_KINDS).optional(),
  /** Without a sort, pending is most urgent first and processed newest first. */
  sort: z.enum(TASK_SORTS).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TaskListQuery = z.input<typeof taskListQuery>;

/** /home/pending and /home/processed rows. */
export const taskItem = z.object({
  taskId: z.number(),
  kind: z.enum(TASK_KINDS),
  fileId: z.number(),
  fileName: z.string(),
  folderPath: z.string(),
  senderName: z.string().nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  outcome: z.string().nullable(),
});
export const taskList = pageOf(taskItem);
export type TaskItem = z.infer<typeof taskItem>;

/** Route presets: named routes to send along, at most 5 per site or group (the SPEC's route "templates"). */
export const routePresetBody = z
  .object({
    name: requiredText(64),
    siteId: idField.optional(),
    groupId: idField.optional(),
    stages: routeInput,
  })
  .refine((t) => !(t.siteId && t.groupId), { path: ['groupId'], message: 'invalid_value' });

/** A transition's answer: the document and the status it is in now. */
export const transitionAnswer = z.object({ fileId: z.number(), status: z.number() });
export type TransitionAnswer = z.infer<typeof transitionAnswer>;

export type RoutePresetBody = z.infer<typeof routePresetBody>;

/** POST /route/template/rename/{id}: a preset's new name, unique within its site, group or project (issue 26). */
export const routePresetRenameBody = z.object({ name: requiredText(64) });
export type RoutePresetRenameBody = z.infer<typeof routePresetRenameBody>;
export const ROUTE_PRESET_MAX = 5;

/** GET /route/template/list: the project's route presets. */
export const routePresetList = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    siteId: z.number().nullable(),
    groupId: z.number().nullable(),
    stages: z.array(
      z.object({
        stage: z.number(),
        userIds: z.array(z.number()),
        groupIds: z.array(z.number()),
        signatureRequired: z.boolean(),
        allMustAct: z.boolean(),
        dueDate: z.string().optional(),
      }),
    ),
    createdBy: z.number(),
  }),
);
export const routePresetCreated = z.object({ id: z.number() });

/**
 * GET /file/assignees/{fileId}: for each stage the project enables, who may be named on it — the members holding
 * the stage's key on the document's folder who see its site, and the groups all of whose members do.
 */
export const assigneeCandidates = z.array(
  z.object({
    stage: z.number(),
    users: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
    groups: z.array(z.object({ id: z.number(), name: z.string(), memberCount: z.number() })),
  }),
);
export type AssigneeCandidates = z.infer<typeof assigneeCandidates>;

/** GET /folder/recipients: who a new document in this folder (and site) may be created for. */
export const recipientQuery = z.object({ folderId: idParam, siteId: idParam.optional() });
export const recipientList = z.array(z.object({ id: z.number(), name: z.string(), email: z.string() }));
export type Recipient = z.infer<typeof recipientList>[number];
