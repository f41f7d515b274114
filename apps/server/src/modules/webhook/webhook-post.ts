import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTarget } from './webhook-target.ts';

/** 10 s for the whole answer; the receiver's body is kept only up to 4 kB (docs/identity.md part 5). */
export const POST_TIMEOUT_MS = 10_000;
export const ANSWER_LIMIT = 4096;

export interface PostAnswer {
  status?: number;
  body?: string;
  error?: string;
  durationMs: number;
}

/**
 * One POST to a checked target. The socket connects to target.address through a lookup that answers only that
 * address, so no second DNS query can send it elsewhere (rebinding); TLS still checks the certificate against the
 * URL's host name. Redirects are not followed: a 3xx is an answer like any other non-2xx.
 */
export function postWebhook(target: WebhookTarget, headers: Record<string, string>, body: string): Promise<PostAnswer> {
  const started = Date.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<PostAnswer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, durationMs: Date.now() - started });
    };
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: POST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < ANSWER_LIMIT) chunks.push(chunk.subarray(0, ANSWER_LIMIT - kept));
          kept += chunk.length;
          // Past the limit the rest is not worth waiting for.
          if (kept >= ANSWER_LIMIT) res.destroy();
        });
        const finish = () =>
          done({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_LIMIT) });
        res.on('end', finish);
        res.on('close', finish);
      },
    );
    const wall = setTimeout(() => req.destroy(new Error('timed out after 10 s')), POST_TIMEOUT_MS);
    req.on('timeout', () => req.destroy(new Error('timed out after 10 s')));
    req.on('error', (err) => done({ error: err.message }));
    req.on('close', () => clearTimeout(wall));
    req.end(body);
  });
}
