import { describe, expect, it } from 'vitest';
import { ICH_TMF_MODEL } from '../tmf-model/tmf-model-shipped.ts';
import { generate, PROTOCOL, SITES } from './labelled-set/generate.ts';
import type { SuggestArtifact, SuggestCorpus } from './suggest-corpus.ts';
import { suggest } from './suggest.ts';

/** Issue 28 part 3: the engine over the labelled set, in memory (no database): the figures in docs/exchange.md. */
const artifacts: SuggestArtifact[] = ICH_TMF_MODEL.zones
  .flatMap((z) => z.sections.flatMap((s) => s.artifacts))
  .map((a, i) => ({
    artifactId: i + 1,
    number: a.number,
    nameEn: a.nameEn,
    nameZh: a.nameZh ?? '',
    subArtifacts: a.subArtifacts,
    levels: a.levels,
  }));
const byNumber = new Map(artifacts.map((a) => [a.number, a.artifactId]));
const { docs, history } = generate();
const corpus: SuggestCorpus = {
  protocolNumbers: [PROTOCOL],
  artifacts,
  sites: SITES,
  learned: Object.fromEntries(Object.entries(history).map(([c, t]) => [byNumber.get(c)!, t])),
};

describe('suggestion accuracy on the labelled set', () => {
  it('the set never names the artifact by its number or exact model name', () => {
    for (const d of docs) {
      const a = artifacts.find((x) => x.number === d.clause)!;
      const hay = `${d.path}\n${d.text}`.toLowerCase();
      expect(hay.includes(a.nameEn.toLowerCase()), d.path).toBe(false);
      expect(a.nameZh && hay.includes(a.nameZh), d.path).toBe(false);
      expect(new RegExp(`(?<![\\d.])${a.number.replace(/\./g, '\\.')}(?![\\d.])`).test(hay), d.path).toBe(false);
    }
  });

  it('top-1 / top-3 artifact, site and date accuracy stay at the measured figures', () => {
    const tally = (lang?: string) => {
      const set = docs.filter((d) => !lang || d.lang === lang);
      let top1 = 0,
        top3 = 0,
        site = 0,
        date = 0,
        sure = 0,
        sureRight = 0;
      for (const d of set) {
        const s = suggest({ path: d.path, text: d.text, today: '2026-01-01' }, corpus);
        const want = byNumber.get(d.clause);
        if (s.artifacts[0]?.value === want) top1++;
        if (s.artifacts.some((a) => a.value === want)) top3++;
        if ((s.site?.value ?? null) === d.siteId) site++;
        if (s.documentDate?.value === d.date) date++;
        if ((s.artifacts[0]?.confidence ?? 0) >= 0.7) {
          sure++;
          if (s.artifacts[0]?.value === want) sureRight++;
        }
      }
      const pc = (x: number, of = set.length) => Math.round((1000 * x) / Math.max(1, of)) / 10;
      return {
        n: set.length,
        top1: pc(top1),
        top3: pc(top3),
        site: pc(site),
        date: pc(date),
        high: pc(sure),
        highRight: pc(sureRight, sure),
      };
    };
    const all = tally();
    const zh = tally('zh');
    const en = tally('en');
    console.log('suggest accuracy', JSON.stringify({ all, zh, en }));
    // Measured 2026-11-29 (docs/exchange.md part 3); the test allows 3 points less.
    const MEASURED = { top1: 90.6, top3: 96.8, site: 100, date: 100 };
    for (const k of ['top1', 'top3', 'site', 'date'] as const) expect(all[k]).toBeGreaterThanOrEqual(MEASURED[k] - 3);
  });
});
