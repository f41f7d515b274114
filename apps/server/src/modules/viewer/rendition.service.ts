import { RenditionState } from '@edoc/contract/states';
import { OFFICE_TYPES, type ViewState } from '@edoc/contract/viewer';
import { and, eq } from 'drizzle-orm';
import { renditions } from '../../db/schema/documents.ts';
import type { Deps } from '../../lib/deps.ts';
import { CONVERT_QUEUE } from '../../convert/convert-job.ts';

type Rendition = typeof renditions.$inferSelect;

/** A failed conversion is tried again by a viewer opening the file, but not sooner than this. */
export const RETRY_FAILED_AFTER_MS = 10 * 60_000;
/** What a conversion usually takes, for the progress estimate (LibreOffice reports none). */
const EXPECTED_MS = 20_000;

/**
 * The rendition of a source content, asking for one when there is none. The row is keyed by the source's
 * sha256, so equal content uploaded anywhere converts once. A row stuck waiting or converting past the
 * timeout (its worker died) is queued again, and a failed one when `retryFailed` and it failed long enough ago.
 * Resetting compares updated_at, so of two requests racing only one re-queues (every writer sets it from a JS
 * Date, at millisecond precision, so the comparison can match).
 */
export async function ensureRendition(
  deps: Deps,
  source: { sha256: string; extension: string },
  opts: { retryFailed: boolean },
): Promise<Rendition> {
  const queue = () => deps.jobs.send(CONVERT_QUEUE, { sha256: source.sha256, extension: source.extension });
  const [created] = await deps.db
    .insert(renditions)
    .values({ sourceSha256: source.sha256, state: RenditionState.Waiting, updatedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await queue();
    return created;
  }
  const [row] = await deps.db.select().from(renditions).where(eq(renditions.sourceSha256, source.sha256));
  const age = Date.now() - row.updatedAt.getTime();
  const stuck =
    (row.state === RenditionState.Waiting || row.state === RenditionState.Converting) &&
    age > deps.config.CONVERT_TIMEOUT_SECONDS * 1000 * 2 + 60_000;
  const retry = row.state === RenditionState.Failed && opts.retryFailed && age > RETRY_FAILED_AFTER_MS;
  if (!stuck && !retry) return row;
  const [reset] = await deps.db
    .update(renditions)
    .set({ state: RenditionState.Waiting, error: null, updatedAt: new Date() })
    .where(and(eq(renditions.sourceSha256, source.sha256), eq(renditions.updatedAt, row.updatedAt)))
    .returning();
  if (!reset) return row;
  await queue();
  return reset;
}

/**
 * Asks for a new version's PDF as soon as it is uploaded (issue 16), so its first view finds it made. Called once
 * the version is committed; a failure here costs only the head start, since the text extraction and the viewer
 * ask again (ensureRendition), so the upload never fails for it.
 */
export async function requestRendition(deps: Deps, source: { sha256: string; extension: string }): Promise<void> {
  if (!(OFFICE_TYPES as readonly string[]).includes(source.extension.toLowerCase())) return;
  await ensureRendition(deps, source, { retryFailed: false }).catch(() => undefined);
}

/** The viewer's answer for a rendition row. */
export function renditionState(row: Rendition): ViewState {
  switch (row.state) {
    case RenditionState.Done:
      return { state: 'ready', kind: 'office', progress: 100 };
    case RenditionState.Failed:
      return { state: 'failed', kind: 'office', error: row.error ?? 'conversion failed' };
    case RenditionState.Converting: {
      const elapsed = Date.now() - row.updatedAt.getTime();
      return {
        state: 'converting',
        kind: 'office',
        progress: Math.min(95, 10 + Math.floor((85 * elapsed) / EXPECTED_MS)),
      };
    }
    default:
      return { state: 'converting', kind: 'office', progress: 5 };
  }
}

/**
 * The byte size of a rendition PDF. The renditions table keeps no size and the blob store offers none, so it is
 * counted once by reading the blob and remembered (content-addressed: a sha's size never changes).
 */
const sizes = new Map<string, number>();
export async function blobSize(deps: Deps, sha256: string): Promise<number> {
  const known = sizes.get(sha256);
  if (known !== undefined) return known;
  let size = 0;
  for await (const chunk of await deps.blobs.get(sha256)) size += (chunk as Buffer).length;
  if (sizes.size > 10_000) sizes.clear();
  sizes.set(sha256, size);
  return size;
}
