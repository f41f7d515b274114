import { TrailType } from '@edoc/contract/enums';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';
import { idList, itemLabel, loadItems, trailValue } from './expected-snapshot.ts';

/*
 * Fulfilment by filing (issue 27 part 4), run in the transaction of the document change (create, move, restore, a
 * country edited, the recycle bin): a document's level is its own (site when site_id is set, else country when
 * country_id is, else trial), and it fulfils items of its artifact at its level and place.
 */

/** Item `ei` fits document `d`: same project, artifact, level and place, not removed. */
export const FITS = sql`ei.project_id = d.project_id and ei.artifact_id = d.artifact_id and ei.removed_at is null
  and case when d.site_id is not null then ei.level = 'site' and ei.site_id = d.site_id
    when d.country_id is not null then ei.level = 'country' and ei.country_id = d.country_id
    else ei.level = 'trial' end`;

type Link = { itemId: number; documentId: number };

/** The trail rows of links made or undone: one on the item (its state before and after) and one on the document. */
export async function trailLinks(
  tx: Tx,
  actor: TrailActor,
  links: Link[],
  before: Map<number, Awaited<ReturnType<typeof loadItems>>[number]>,
  how: { linked: boolean; auto: boolean },
): Promise<void> {
  if (!links.length) return;
  const after = new Map((await loadItems(tx, [...new Set(links.map((l) => l.itemId))])).map((i) => [i.id, i]));
  const names = await tx.execute<{ id: number; name: string }>(
    sql`select id, name from documents where id in (${idList(links.map((l) => l.documentId))})`,
  );
  const nameOf = new Map(names.rows.map((r) => [r.id, r.name]));
  for (const l of links) {
    const item = after.get(l.itemId)!;
    const link = { expectedItem: itemLabel(item), document: nameOf.get(l.documentId) ?? `#${l.documentId}`, ...how };
    const old = before.get(l.itemId) ?? item;
    if (old.state !== item.state)
      await recordTrail(tx, actor, {
        type: TrailType.Update,
        objectType: 'expected_item',
        objectId: item.id,
        oldValue: trailValue(old),
        newValue: trailValue(item),
      });
    await recordTrail(tx, actor, {
      type: TrailType.Update,
      objectType: 'expected_item_document',
      objectId: item.id,
      newValue: link,
    });
    await recordTrail(tx, actor, {
      type: TrailType.Update,
      objectType: 'document',
      objectId: l.documentId,
      newValue: link,
    });
  }
}

/** Items left with no document go back to expected (filed_at cleared); items with one are filed. */
export async function settleStates(tx: Tx, itemIds: number[]): Promise<void> {
  if (!itemIds.length) return;
  await tx.execute(sql`
    update expected_items ei set
      state = case when exists (select 1 from expected_item_documents l where l.item_id = ei.id) then 'filed'
        else 'expected' end,
      filed_at = case when exists (select 1 from expected_item_documents l where l.item_id = ei.id)
        then coalesce(ei.filed_at, now()) end
    where ei.id in (${idList(itemIds)}) and ei.state <> 'not_applicable'`);
}

/**
 * After documents changed: undo the links a document no longer fits (moved away, another place, in the recycle bin),
 * then link each document that fulfils nothing to its one open item when exactly one fits (several, as recurring
 * occurrences: none; a person chooses on the document's panel).
 */
export async function refileDocuments(tx: Tx, actor: TrailActor, documentIds: number[]): Promise<void> {
  if (!documentIds.length) return;
  const ids = idList(documentIds);
  const stale = await tx.execute<{ itemId: number; documentId: number }>(sql`
    select l.item_id as "itemId", l.document_id as "documentId"
    from expected_item_documents l join documents d on d.id = l.document_id
    join expected_items ei on ei.id = l.item_id
    where l.document_id in (${ids}) and (d.deleted_at is not null or d.artifact_id is null or not (${FITS}))`);
  if (stale.rows.length) await unlink(tx, actor, stale.rows, true);

  const fitting = await tx.execute<{ itemId: number; documentId: number }>(sql`
    select min(ei.id) as "itemId", d.id as "documentId"
    from documents d join expected_items ei on ${FITS} and ei.state = 'expected'
    where d.id in (${ids}) and d.deleted_at is null and d.artifact_id is not null
      and not exists (select 1 from expected_item_documents l where l.document_id = d.id)
    group by d.id having count(*) = 1`);
  if (fitting.rows.length) await link(tx, actor, fitting.rows, null, true);
}

/** Links documents to items (the caller checked they fit) and files the items. */
export async function link(tx: Tx, actor: TrailActor, links: Link[], by: number | null, auto: boolean) {
  const itemIds = [...new Set(links.map((l) => l.itemId))];
  const before = new Map((await loadItems(tx, itemIds, true)).map((i) => [i.id, i]));
  const made: Link[] = [];
  for (const l of links) {
    const r = await tx.execute(sql`
      insert into expected_item_documents (item_id, document_id, linked_by)
      values (${l.itemId}, ${l.documentId}, ${by}) on conflict do nothing`);
    if (r.rowCount) made.push(l);
  }
  await settleStates(tx, itemIds);
  await trailLinks(tx, actor, made, before, { linked: true, auto });
}

/** Undoes links; an item left with no document is expected again. */
export async function unlink(tx: Tx, actor: TrailActor, links: Link[], auto: boolean) {
  const itemIds = [...new Set(links.map((l) => l.itemId))];
  const before = new Map((await loadItems(tx, itemIds, true)).map((i) => [i.id, i]));
  const undone: Link[] = [];
  for (const l of links) {
    const r = await tx.execute(sql`
      delete from expected_item_documents where item_id = ${l.itemId} and document_id = ${l.documentId}`);
    if (r.rowCount) undone.push(l);
  }
  await settleStates(tx, itemIds);
  await trailLinks(tx, actor, undone, before, { linked: false, auto });
}
