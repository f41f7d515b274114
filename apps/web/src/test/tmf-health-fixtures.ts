import type { TmfFigures, TmfSummary } from '@edoc/contract/tmf-health';

/** Figures as the server answers them: 8 expected, 6 filed, 2 open (1 past due), QC 1 of 4 rejected. */
export const figures = (more: Partial<TmfFigures> = {}): TmfFigures => ({
  expected: 8,
  filed: 6,
  notApplicable: 1,
  open: 2,
  overdue: 1,
  dueByToday: 5,
  filedDueByToday: 4,
  completeness: 0.75,
  completenessDue: 0.8,
  timeliness: { documents: 10, withinTarget: 9, pct: 0.9, medianDays: 4 },
  quality: {
    qcDecided: 4,
    qcRejected: 1,
    rejectionRate: 0.25,
    firstTimeRight: 0.5,
    openIssues: 2,
    issuesByCategory: {
      missing_signature: 1,
      wrong_artifact: 0,
      wrong_date: 1,
      illegible: 0,
      missing_pages: 0,
      personal_data: 0,
      other: 0,
    },
  },
  ...more,
});

export const summary: TmfSummary = {
  target: { days: 30, unit: 'calendar' },
  total: figures(),
  groups: [
    { key: '1', label: '01 Trial Management', figures: figures({ overdue: 1, completeness: 0.5 }) },
    { key: '2', label: '05 Site Management', figures: figures({ overdue: 0, completeness: 1 }) },
  ],
  trend: [
    { weekEnd: '2026-11-15', completeness: 0.6, completenessDue: 0.7, timelinessPct: 0.9, rejectionRate: 0.2 },
    { weekEnd: '2026-11-22', completeness: 0.75, completenessDue: 0.8, timelinessPct: 0.9, rejectionRate: 0.25 },
  ],
};
