import { useEffect, useState } from 'react';
import {
  tmfName,
  type TmfArtifactInput,
  type TmfModelBody,
  type TmfModelDetail,
  type TmfSectionInput,
  type TmfZoneInput,
} from '@edoc/contract/tmf-model';

/** A zone's or section's own fields, as its dialog edits them (its children are the tree's). */
export interface NodeFields {
  number: string;
  nameEn: string;
  nameZh?: string;
}

/** What the page's tree selects: a zone or a section, by number (numbers are unique in a model). */
export type Selection = { kind: 'zone'; zone: string } | { kind: 'section'; zone: string; section: string } | null;

/**
 * A row's name in the reader's language (the contract's tmfName); the draft's rows have an optional Chinese name
 * where tmfName's parameter names the key, so it is passed on explicitly.
 */
export const nameIn = (row: { nameEn: string; nameZh?: string }, lang: string) =>
  tmfName({ nameEn: row.nameEn, nameZh: row.nameZh }, lang);

/** The model as the update route takes it: the answer's nulls become absent fields, the row ids are dropped. */
export function toBody(detail: TmfModelDetail): TmfModelBody {
  const text = (value: string | null) => value ?? undefined;
  return {
    name: detail.name,
    source: text(detail.source),
    zones: detail.zones.map((z) => ({
      number: z.number,
      nameEn: z.nameEn,
      nameZh: text(z.nameZh),
      sections: z.sections.map((s) => ({
        number: s.number,
        nameEn: s.nameEn,
        nameZh: text(s.nameZh),
        artifacts: s.artifacts.map((a) => ({
          number: a.number,
          nameEn: a.nameEn,
          nameZh: text(a.nameZh),
          subArtifacts: a.subArtifacts,
          levels: a.levels,
          core: a.core,
          ichRef: text(a.ichRef),
          dateLabel: text(a.dateLabel),
          review: a.review,
          qc: a.qc,
          approval: a.approval,
          // The due rules (issue 27 part 4) go back as they came: a save must not drop them.
          ...(a.rules?.length ? { rules: a.rules } : {}),
        })),
      })),
    })),
  };
}

/** "8.10" after "8.2", "01.02" after "01.01": numbers compared part by part as numbers, as people read them. */
export function compareNumbers(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

const sorted = <T extends { number: string }>(list: T[]) =>
  [...list].sort((x, y) => compareNumbers(x.number, y.number));

/** A number moved from `from` to `to` carries what is numbered under it along ("01.02.03" under "01" → "04"). */
const moved = (number: string, from: string, to: string) =>
  from !== to && number.startsWith(`${from}.`) ? `${to}${number.slice(from.length)}` : number;

/** Every number the model uses, but `except` (the row being edited), to refuse a second row with one. */
export function numbersOf(model: TmfModelBody, except?: string): Set<string> {
  const all = model.zones.flatMap((z) => [
    z.number,
    ...z.sections.flatMap((s) => [s.number, ...s.artifacts.map((a) => a.number)]),
  ]);
  return new Set(all.filter((n) => n !== except));
}

/**
 * The draft being edited on the model page: a copy of the stored model, changed by the dialogs, kept in number order,
 * and `dirty` until it is saved (a refreshed answer from the server replaces a clean copy, never a changed one).
 */
export function useModelDraft(detail: TmfModelDetail | undefined) {
  const [draft, setDraft] = useState<TmfModelBody | null>(null);
  const [dirty, setDirty] = useState(false);

  // A clean copy follows the server's answer (after a save, the refreshed one); a changed copy is the user's.
  useEffect(() => {
    if (detail && !dirty) setDraft(toBody(detail));
  }, [detail, dirty]);

  const change = (edit: (model: TmfModelBody) => TmfModelBody) => {
    setDraft((current) => (current ? edit(current) : current));
    setDirty(true);
  };
  const mapZone = (zone: string, edit: (z: TmfZoneInput) => TmfZoneInput) =>
    change((m) => ({ ...m, zones: m.zones.map((z) => (z.number === zone ? edit(z) : z)) }));
  const mapSection = (zone: string, section: string, edit: (s: TmfSectionInput) => TmfSectionInput) =>
    mapZone(zone, (z) => ({ ...z, sections: z.sections.map((s) => (s.number === section ? edit(s) : s)) }));

  return {
    draft,
    dirty,
    /** Saved: the copy follows the server's answer again. */
    markSaved: () => setDirty(false),
    setHeader: (name: string, source: string | undefined) => change((m) => ({ ...m, name, source })),
    putZone: (old: string | null, fields: NodeFields) =>
      change((m) => {
        const kept = m.zones.filter((z) => z.number !== old);
        const before = m.zones.find((z) => z.number === old);
        const sections = (before?.sections ?? []).map((s) => ({
          ...s,
          number: moved(s.number, before!.number, fields.number),
          artifacts: s.artifacts.map((a) => ({ ...a, number: moved(a.number, before!.number, fields.number) })),
        }));
        return { ...m, zones: sorted([...kept, { ...fields, sections }]) };
      }),
    removeZone: (zone: string) => change((m) => ({ ...m, zones: m.zones.filter((z) => z.number !== zone) })),
    putSection: (zone: string, old: string | null, fields: NodeFields) =>
      mapZone(zone, (z) => {
        const before = z.sections.find((s) => s.number === old);
        const artifacts = (before?.artifacts ?? []).map((a) => ({
          ...a,
          number: moved(a.number, before!.number, fields.number),
        }));
        return { ...z, sections: sorted([...z.sections.filter((s) => s.number !== old), { ...fields, artifacts }]) };
      }),
    removeSection: (zone: string, section: string) =>
      mapZone(zone, (z) => ({ ...z, sections: z.sections.filter((s) => s.number !== section) })),
    putArtifact: (zone: string, section: string, old: string | null, artifact: TmfArtifactInput) =>
      mapSection(zone, section, (s) => ({
        ...s,
        artifacts: sorted([...s.artifacts.filter((a) => a.number !== old), artifact]),
      })),
    removeArtifact: (zone: string, section: string, artifact: string) =>
      mapSection(zone, section, (s) => ({ ...s, artifacts: s.artifacts.filter((a) => a.number !== artifact) })),
  };
}

export type ModelDraft = ReturnType<typeof useModelDraft>;
