import { DocStatus } from '@edoc/contract/enums';
import { Decision, RouteState, StageState } from '@edoc/contract/states';
import { fileDetail, viewState, type FileDetail } from '@edoc/contract/viewer';
import { Stage } from '@edoc/contract/workflow';
import {
  assigneeCandidates,
  workflowHistory,
  routePresetList,
  type WorkflowHistory,
} from '@edoc/contract/workflow-requests';
import { mockApi, reply } from './fetch-mock';

/** The document the viewer tests open: in review, nothing shown but the panel (its type cannot be viewed). */
export function detail(over: Partial<FileDetail> = {}): FileDetail {
  return {
    fileId: 7,
    name: 'Protocol',
    folderId: 3,
    status: DocStatus.InReview,
    fileCode: 'PRT-001',
    version: {
      fileVersionId: 70,
      versionNo: 'V1.0',
      label: null,
      fileName: 'protocol.zip',
      extension: 'zip',
      size: 1234,
      createdtime: '2026-01-01T08:00:00.000Z',
      current: true,
    },
    kind: null,
    abilities: ['viewDoc'],
    canDownload: false,
    actions: [],
    lock: null,
    withheld: [],
    signing: { required: false, needsEmail: false },
    watermark: { name: 'Zhang San', email: 'zhang.san@example.com', time: '2026-03-01T04:05:06.000Z' },
    ...over,
  };
}

export const candidates = [
  {
    stage: Stage.Review,
    users: [
      { id: 11, name: 'Wang Wu', email: 'wang.wu@example.com' },
      { id: 12, name: 'Li Si', email: 'li.si@example.com' },
    ],
    groups: [{ id: 4, name: 'Medical reviewers', memberCount: 3 }],
  },
  { stage: Stage.Approval, users: [{ id: 13, name: 'Zhao Liu', email: 'zhao.liu@example.com' }], groups: [] },
];

export const flow: WorkflowHistory = [
  {
    routeId: 21,
    versionNo: 'V1.0',
    senderName: 'Zhang San',
    sentAt: '2026-03-02T01:00:00.000Z',
    state: RouteState.Open,
    stages: [
      {
        stage: Stage.Review,
        state: StageState.Open,
        allMustAct: true,
        signatureRequired: true,
        dueDate: '2026-12-31',
        assignees: [
          {
            userId: 11,
            userName: 'Wang Wu',
            decision: Decision.Passed,
            comment: 'Fine by me',
            decidedAt: '2026-03-02T02:00:00.000Z',
            signature: {
              signerName: 'Wang Wu',
              meaning: 'reviewed',
              signedAt: '2026-03-02T02:00:00.000Z',
              timeZone: 'Asia/Shanghai',
              contentSha256: 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789',
              appliesToCurrent: false,
            },
          },
          {
            userId: 12,
            userName: 'Li Si',
            decision: Decision.Pending,
            comment: null,
            decidedAt: null,
            signature: null,
          },
        ],
      },
      { stage: Stage.Approval, state: null, allMustAct: false, signatureRequired: false, dueDate: null, assignees: [] },
    ],
  },
];

/** The viewer's calls for document 7, plus whatever a test adds or overrides. */
export function serveViewer(d: FileDetail, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /file/7': () => reply(fileDetail, d),
    'GET /minio/file/state/70': () => reply(viewState, { state: 'unsupported', kind: null }),
    'GET /file/flow/7': () => reply(workflowHistory, []),
    'GET /file/assignees/7': () => reply(assigneeCandidates, candidates),
    'GET /route/template/list': () => reply(routePresetList, []),
    ...extra,
  });
}

export function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([u, init]) => (init?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === `/edoc${path}`,
  );
}

export function bodyOf(call: ReturnType<typeof callsTo>[number]): unknown {
  return JSON.parse(String(call[1]?.body));
}

/** Picks an option of an open antd select by the text it shows. */
export function pickOption(text: string) {
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) =>
    el.textContent?.includes(text),
  );
  if (!option) throw new Error(`no option ${text}`);
  option.click();
}
