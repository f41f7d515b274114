import { TrailType } from '@edoc/contract/enums';
import type {
  ExpectedCreateBody,
  ExpectedGenerated,
  ExpectedLinkBody,
  ExpectedList,
  ExpectedListQuery,
  ExpectedMatches,
} from '@edoc/contract/expected';
import { eq, sql } from 'drizzle-orm';
import { lockDocumentFor, loadDocumentFor } from '../../access/document-access.ts';
import type { Tx } from '../../db/client.ts';
import { expectedItems } from '../../db/schema/expected.ts';
import { projects } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { generateItems } from './expected-generate.ts';
import { FITS, link, unlink } from './expected-filing.ts';
import { checkNewItem, loadOwnItem } from './expected.policy.ts';
import { listItems, readItems } from './expected-query.ts';
import { loadItems, trailValue } from './expected-snapshot.ts';

/** POST /manage/expected/generate: 409 tmf_model_none while the project has no model. */
export async function generate(deps: Deps, ctx: ProjectContext): Promise<ExpectedGenerated> {
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.select({ modelId: projects.tmfModelId }).from(projects).where(eq(projects.id, ctx.projectId));
    if (!p?.modelId) fail('tmf_model_none');
    return generateItems(tx, ctx.actor, ctx.projectId);
  });
}

export async function list(deps: Deps, ctx: ProjectContext, q: ExpectedListQuery): Promise<ExpectedList> {
  return deps.db.transaction((tx) => listItems(tx, ctx.projectId, q));
}

/** POST /manage/expected/create: a person's item, at the next free occurrence of its artifact and place. */
export async function create(deps: Deps, ctx: ProjectContext, body: ExpectedCreateBody): Promise<{ id: number }> {
  return deps.db.transaction(async (tx) => {
    const place = await checkNewItem(tx, ctx.projectId, body);
    // One person's add at a time per project: the next occurrence is read and taken together.
    await tx.execute(sql`select pg_advisory_xact_lock(72620027, ${ctx.projectId})`);
    const next = await tx.execute<{ n: number }>(sql`
      select coalesce(max(occurrence), 0)::int + 1 as n from expected_items
      where project_id = ${ctx.projectId} and artifact_id = ${body.artifactId} and level = ${body.level}
        and coalesce(country_id, 0) = ${place.countryId ?? 0} and coalesce(site_id, 0) = ${place.siteId ?? 0}`);
    const [row] = await tx
      .insert(expectedItems)
      .values({
        projectId: ctx.projectId,
        artifactId: body.artifactId,
        level: body.level,
        countryId: place.countryId,
        siteId: place.siteId,
        occurrence: next.rows[0]!.n,
        dueDate: body.dueDate ?? null,
        origin: 'manual',
        decidedBy: ctx.auth.user.id,
        decidedAt: new Date(),
      })
      .returning({ id: expectedItems.id });
    const [item] = await loadItems(tx, [row!.id]);
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'expected_item',
      objectId: row!.id,
      newValue: trailValue(item!),
    });
    return { id: row!.id };
  });
}

type Change = { state?: 'expected' | 'not_applicable'; reason?: string | null; removedAt?: Date };

/** A person's decision on an item: it is theirs from now on (regeneration leaves it), with a trail row. */
async function decide(tx: Tx, ctx: ProjectContext, id: number, change: Change, removal = false) {
  const before = await loadOwnItem(tx, ctx.projectId, id);
  await tx
    .update(expectedItems)
    .set({ ...change, decidedBy: ctx.auth.user.id, decidedAt: new Date() })
    .where(eq(expectedItems.id, id));
  const [after] = await loadItems(tx, [id]);
  await recordTrail(
    tx,
    ctx.actor,
    removal
      ? {
          type: TrailType.Delete,
          objectType: 'expected_item',
          objectId: id,
          oldValue: trailValue(before),
          newValue: { removed: true },
        }
      : {
          type: TrailType.Update,
          objectType: 'expected_item',
          objectId: id,
          oldValue: trailValue(before),
          newValue: trailValue(after!),
        },
  );
  return before;
}

/** POST /manage/expected/not-applicable/:id: an expected item only (a filed one is unlinked first). */
export async function notApplicable(deps: Deps, ctx: ProjectContext, id: number, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const item = await loadOwnItem(tx, ctx.projectId, id);
    if (item.state !== 'expected') fail('expected_item_state');
    await decide(tx, ctx, id, { state: 'not_applicable', reason });
  });
}

/** POST /manage/expected/reopen/:id: not applicable back to expected, or a filed item with no document left. */
export async function reopen(deps: Deps, ctx: ProjectContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const item = await loadOwnItem(tx, ctx.projectId, id);
    const linked = await tx.execute(sql`select 1 from expected_item_documents where item_id = ${id} limit 1`);
    if (item.state === 'expected' || (item.state === 'filed' && linked.rows.length)) fail('expected_item_state');
    await decide(tx, ctx, id, { state: 'expected', reason: null });
  });
}

/** POST /manage/expected/remove/:id: a tombstone, so regeneration does not bring it back; its links go. */
export async function remove(deps: Deps, ctx: ProjectContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await loadOwnItem(tx, ctx.projectId, id);
    const links = await tx.execute<{ itemId: number; documentId: number }>(sql`
      select item_id as "itemId", document_id as "documentId" from expected_item_documents where item_id = ${id}`);
    if (links.rows.length) await unlink(tx, ctx.actor, links.rows, false);
    await decide(tx, ctx, id, { removedAt: new Date() }, true);
  });
}

/** GET /expected/matches: for a member who may read the document. */
export async function matches(deps: Deps, ctx: ProjectContext, documentId: number): Promise<ExpectedMatches> {
  return deps.db.transaction(async (tx) => {
    await loadDocumentFor(tx, ctx, documentId, ['viewDoc']);
    const order = sql`ei.due_date nulls last, ei.occurrence, ei.id`;
    const linked = await readItems(
      tx,
      sql`exists (select 1 from expected_item_documents l where l.item_id = ei.id and l.document_id = ${documentId})`,
      order,
    );
    const candidates = await readItems(
      tx,
      sql`ei.state = 'expected' and exists (select 1 from documents d where d.id = ${documentId} and ${FITS})`,
      order,
    );
    return { linked, candidates };
  });
}

/** The item, of the project and fitting the document (else 409 expected_item_mismatch). */
async function fittingItem(tx: Tx, ctx: ProjectContext, body: ExpectedLinkBody) {
  await lockDocumentFor(tx, ctx, body.documentId, ['viewDoc', 'editDoc']);
  const item = await loadOwnItem(tx, ctx.projectId, body.itemId);
  const fits = await tx.execute(sql`
    select 1 from expected_items ei join documents d on d.id = ${body.documentId}
    where ei.id = ${body.itemId} and ${FITS}`);
  if (!fits.rows.length) fail('expected_item_mismatch');
  return item;
}

/** POST /expected/link: for anyone who may edit the document's details; a not-applicable item is refused. */
export async function linkDocument(deps: Deps, ctx: ProjectContext, body: ExpectedLinkBody): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const item = await fittingItem(tx, ctx, body);
    if (item.state === 'not_applicable') fail('expected_item_state');
    await link(tx, ctx.actor, [body], ctx.auth.user.id, false);
  });
}

/** POST /expected/unlink: a link that exists (else 409 expected_item_mismatch); the item is expected again when it was the last. */
export async function unlinkDocument(deps: Deps, ctx: ProjectContext, body: ExpectedLinkBody): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockDocumentFor(tx, ctx, body.documentId, ['viewDoc', 'editDoc']);
    await loadOwnItem(tx, ctx.projectId, body.itemId);
    const linked = await tx.execute(sql`
      select 1 from expected_item_documents where item_id = ${body.itemId} and document_id = ${body.documentId}`);
    if (!linked.rows.length) fail('expected_item_mismatch');
    await unlink(tx, ctx.actor, [body], false);
  });
}
