import { TrailType } from '@edoc/contract/enums';
import { describeTrail } from '@edoc/contract/trail-format';
import { trailTypeLabel } from '@edoc/contract/trail-labels';
import { TRAIL_VALUE_LABELS } from '@edoc/contract/trail-value-labels';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, documentVersions, renditions } from '../../db/schema/documents.ts';
import { certifiedCopies } from '../../db/schema/exchange.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { trail } from '../../db/schema/trail.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import { users } from '../../db/schema/users.ts';
import { signatures } from '../../db/schema/workflow.ts';
import { versionsWithESignatures, zonedTime } from '../seal/e-signature-page.ts';
import type { EmsAudit, EmsAuditType, EmsSignature } from './ems-xml.ts';

/*
 * One page of an export (ems-export-pack.ts): the documents of up to PAGE ids and everything their objects need —
 * versions, signatures with the signer's e-mail, trail rows with the actor's e-mail, certified copies, obsolete marks,
 * the PDF renditions of signed Office files — read in a handful of queries, then dropped before the next page.
 */

export const PAGE = 500;

export type DocRow = typeof documents.$inferSelect;
export type VersionRow = typeof documentVersions.$inferSelect;
export type ArtifactRow = Pick<typeof tmfArtifacts.$inferSelect, 'id' | 'number' | 'nameEn' | 'dateLabel'>;

export interface Page {
  docs: DocRow[];
  /** The versions exported, and all live ones (the next version's instant bounds an earlier one's audit records). */
  versionsOf: Map<number, VersionRow[]>;
  allVersionsOf: Map<number, VersionRow[]>;
  signaturesOf: Map<number, EmsSignature[]>;
  /** Each document's trail rows, oldest first, with the chain hash of each. */
  auditOf: Map<number, Array<EmsAudit & { instant: Date; hash: string }>>;
  certified: Set<number>;
  obsolete: Set<number>;
  /** Versions a signature applies to, and the PDF of each signed Office file (its rendition). */
  signed: Set<number>;
  renditionOf: Map<string, string>;
}

const group = <T, K>(rows: T[], key: (r: T) => K) => {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(r);
    else out.set(key(r), [r]);
  }
  return out;
};

/** How the standard's AUDITENTRYTYPE reads an edoc trail type: creation, a change of content or status, deletion. */
const CHANGES = new Set<number>([
  TrailType.Update,
  TrailType.Review,
  TrailType.QualityCheck,
  TrailType.Approve,
  TrailType.SendToReview,
  TrailType.Revoke,
  TrailType.Withdraw,
  TrailType.Publish,
  TrailType.OnlineEdit,
  TrailType.Move,
]);
function auditType(type: number): EmsAuditType {
  if (type === TrailType.Create) return 'New';
  if (type === TrailType.Delete) return 'Delete';
  return CHANGES.has(type) ? 'Change' : 'Other';
}

/** The row as the trail page shows it in English: type, object, what happened and the changed fields. */
function auditEvent(row: typeof trail.$inferSelect): string {
  const d = describeTrail(row, 'en-US');
  const lines = d.lines.map((l) => `${l.label}: ${[l.old, l.new].filter((v) => v !== undefined).join(' → ')}`);
  return [`${trailTypeLabel(row.type, 'en-US')} ${d.object}`, d.summary, ...lines].filter(Boolean).join('; ');
}

/** ISO 8601 with the signer's own offset, as SIGNATUREDATETIME asks (xs:dateTime). */
function signedAtText(at: Date, timeZone: string): string {
  const { time, offset } = zonedTime(at, timeZone);
  return `${time.replace(' ', 'T')}${offset.slice(3)}`;
}

export async function readPage(db: Db, projectId: number, ids: number[], allVersions: boolean): Promise<Page> {
  const docs = await db
    .select()
    .from(documents)
    .where(and(eq(documents.projectId, projectId), inArray(documents.id, ids)))
    .orderBy(asc(documents.id));
  const all = await db
    .select()
    .from(documentVersions)
    .where(and(inArray(documentVersions.documentId, ids), isNull(documentVersions.deletedAt)))
    .orderBy(asc(documentVersions.documentId), asc(documentVersions.id));
  const current = new Set(docs.map((d) => d.currentVersionId));
  const versions = allVersions ? all : all.filter((v) => current.has(v.id));
  const versionIds = versions.map((v) => v.id);
  const none = versionIds.length === 0;

  const sigs = none
    ? []
    : await db
        .select({ s: signatures, email: users.email })
        .from(signatures)
        .innerJoin(users, eq(users.id, signatures.userId))
        .where(inArray(signatures.versionId, versionIds))
        .orderBy(asc(signatures.id));
  const rows = await db
    .select({ t: trail, email: users.email })
    .from(trail)
    .leftJoin(users, eq(users.id, trail.actorId))
    .where(
      and(
        eq(trail.objectType, 'document'),
        inArray(
          trail.objectId,
          ids.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(asc(trail.id));
  const certified = none
    ? []
    : await db
        .select({ id: certifiedCopies.versionId })
        .from(certifiedCopies)
        .where(inArray(certifiedCopies.versionId, versionIds));
  const obsolete = none
    ? []
    : await db
        .select({ id: libraryEntries.versionId })
        .from(libraryEntries)
        .where(and(inArray(libraryEntries.versionId, versionIds), eq(libraryEntries.invalid, true)));
  const signed = await versionsWithESignatures(db, versionIds);
  const officeShas = versions
    .filter((v) => signed.has(v.id) && v.extension.toLowerCase() !== 'pdf')
    .map((v) => v.sha256);
  const pdfs = officeShas.length
    ? await db
        .select({ source: renditions.sourceSha256, pdf: renditions.pdfSha256 })
        .from(renditions)
        .where(and(inArray(renditions.sourceSha256, officeShas), isNotNull(renditions.pdfSha256)))
    : [];

  const meaningEn = (m: string) => TRAIL_VALUE_LABELS.meaning[m]?.[1] ?? m;
  return {
    docs,
    versionsOf: group(versions, (v) => v.documentId),
    signaturesOf: new Map(
      [...group(sigs, (r) => r.s.versionId)].map(([v, list]) => [
        v,
        list.map(({ s, email }) => ({
          userOid: email,
          name: s.printedName,
          at: signedAtText(s.signedAt, s.timeZone),
          reason: meaningEn(s.meaning),
        })),
      ]),
    ),
    auditOf: new Map(
      [...group(rows, (r) => Number(r.t.objectId))].map(([d, list]) => [
        d,
        list.map(({ t, email }) => ({
          id: String(t.id),
          at: t.at.toISOString(),
          userRef: email ?? 'system',
          type: auditType(t.type),
          event: auditEvent(t),
          instant: t.at,
          hash: t.hash,
        })),
      ]),
    ),
    certified: new Set(certified.map((c) => c.id)),
    obsolete: new Set(obsolete.map((c) => c.id)),
    signed,
    renditionOf: new Map(pdfs.map((p) => [p.source, p.pdf!])),
    allVersionsOf: group(all, (v) => v.documentId),
  };
}

/** The trail rows of a document up to a version: those before the next version was made (all, for the last). */
export function auditUpTo(audit: Array<EmsAudit & { instant: Date; hash: string }>, next: VersionRow | undefined) {
  return next ? audit.filter((a) => a.instant < next.createdAt) : audit;
}

/** The artifacts the page's documents are filed under, read once each for the whole export. */
export async function loadArtifacts(db: Db, cache: Map<number, ArtifactRow>, docs: DocRow[]) {
  const missing = [...new Set(docs.flatMap((d) => (d.artifactId && !cache.has(d.artifactId) ? [d.artifactId] : [])))];
  if (missing.length === 0) return;
  const rows = await db
    .select({
      id: tmfArtifacts.id,
      number: tmfArtifacts.number,
      nameEn: tmfArtifacts.nameEn,
      dateLabel: tmfArtifacts.dateLabel,
    })
    .from(tmfArtifacts)
    .where(inArray(tmfArtifacts.id, missing));
  for (const a of rows) cache.set(a.id, a);
}
