import { describe, expect, it } from 'vitest';
import { batchBody, decideBody, sendBody } from './workflow-requests.ts';

const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('workflow requests', () => {
  it('needs a reason to reject, and the tick to sign', () => {
    expect(messages(decideBody.safeParse({ pass: false }))).toEqual(['reason:required']);
    expect(decideBody.safeParse({ pass: false, comment: 'Wrong site' }).success).toBe(true);
    const unticked = decideBody.safeParse({ pass: true, signature: { password: 'p', confirmed: false } });
    expect(messages(unticked)).toEqual(['signature.confirmed:signature_not_confirmed']);
  });

  it('takes each stage once, with someone to act', () => {
    const stage = { stage: 3, userIds: [2] };
    expect(sendBody.safeParse({ fileId: 1, stages: [stage] }).success).toBe(true);
    expect(sendBody.safeParse({ fileId: 1, stages: [stage, stage] }).success).toBe(false);
    expect(messages(sendBody.safeParse({ fileId: 1, stages: [{ stage: 4 }] }))).toEqual(['stages.0.userIds:required']);
    expect(sendBody.safeParse({ fileId: 1, stages: [{ stage: 6, userIds: [2] }] }).success).toBe(false);
  });

  it('batches sends with a route and passes without one', () => {
    expect(batchBody.safeParse({ action: 'pass', fileIds: [1, 2] }).success).toBe(true);
    expect(batchBody.safeParse({ action: 'send', fileIds: [1] }).success).toBe(false);
    expect(batchBody.safeParse({ action: 'archive', fileIds: [1] }).success).toBe(false);
  });
});
