import type { Lang } from '@edoc/contract/enums';

/*
 * README.txt of the recomputable package (issue 27 part 8), in the reader's language: what each file holds, how to
 * run recompute.sql, what each figure means (docs/tmf-health.md, "Part 8", says the same for the team).
 */

const EN = `TMF health: recomputable package
==================================
Project: {project}    Scope: {scope}    Grouped by: {groupBy}
As of: {asOf} (UTC)    Made by {by} at {at}

This package holds the figures of the TMF health dashboard as edoc answered them, the rows they are counted
from, and a plain SQL that counts them again, so that anyone can check every figure without edoc.
It holds only what the person who made it may see (their folders and sites) and the country or site they chose.

Files (CSV: UTF-8 with a byte-order mark, a header line, times in UTC ISO 8601, empty = none)
  figures.csv         every figure as edoc answered: group_key ('all' = everything; 'trend:<date>' = the week
                      ending that Sunday), group_label, figure, value (ratios as fractions: 0.5 = 50%).
  parameters.csv      as-of date ("today" for every rule), timeliness target (days, calendar or working),
                      grouping, scope, who made the package and when.
  artifacts.csv       the TMF model's artifacts with their section and zone.
  sites.csv           the sites and the country each belongs to.
  expected_items.csv  the expected documents: artifact, level, country, site, occurrence, due date, state
                      (expected / filed / not_applicable), the not-applicable reason, removed, created at, filed at.
  filings.csv         which document files which expected item, and when it was linked.
  documents.csv       the documents filed under an artifact: place, document date, created at (its filing day is
                      this day in UTC), created by, deleted.
  qc_stages.csv       the closed QC stages of those documents: closed at, passed or rejected, in order.
  quality_issues.csv  the quality issues raised on those documents: category, state, created at.
  recompute.sql       the rules below, as SQL over these files.

How to recompute (PostgreSQL 13 or later, psql)
  1. Unzip this package into a folder, e.g. /tmp/tmf.
  2. createdb recompute
  3. psql -v ON_ERROR_STOP=1 -v dir=/tmp/tmf -f /tmp/tmf/recompute.sql recompute
  It prints a CSV table (group_key, figure, value): the same rows as figures.csv. Numbers must be equal.

What each figure means (rows of expected_items.csv not removed; documents not deleted)
  expected          items not marked not applicable        filed            items in state filed
  notApplicable     items marked not applicable            open             expected - filed
  overdue           items still expected, due before today dueByToday       expected items due today or earlier
  filedDueByToday   filed items due today or earlier       completeness     filed / expected
  completenessDue   filedDueByToday / dueByToday
  timelinessDocuments  documents with a document date; days = filing day - document date (calendar days)
  withinTarget      documents whose days (working days: Monday to Friday after the document date up to and
                    including the filing day, no holidays, when the target counts working days) <= target
  timelinessPct     withinTarget / timelinessDocuments     medianDays       median of the calendar days
  qcDecided         closed QC stages (passed or rejected)   qcRejected       the rejected ones
  rejectionRate     qcRejected / qcDecided
  firstTimeRight    documents whose first closed QC stage passed / documents with a closed QC stage
  openIssues        quality issues open                    issues_<category>  issues open or resolved, by category
  A ratio of nothing is empty. Groups: level (a document's own: site, else country, else trial), country (an
  item's or document's, else its site's; 'none'), site ('none'), zone, section, artifact, person (a document's
  creator; an item belongs to each creator of a document that files it).
  Trend, for each week ending Sunday E (the last on or after the as-of date): completeness = items created by E
  and filed by E / items created by E (not-applicable ones left out); completenessDue = the same over items also
  due by E; timelinessPct and rejectionRate over the documents filed and QC stages closed from E-6 to E.
`;

const ZH = `TMF 健康度：可复算数据包
==========================
项目：{project}    范围：{scope}    分组：{groupBy}
截至日期：{asOf}（UTC）    由 {by} 于 {at} 生成

本数据包包含 edoc 给出的 TMF 健康度各项指标、计算这些指标所用的数据行，以及一段可重新计算它们的纯 SQL，
任何人无需 edoc 即可核对每一个数字。数据包只包含生成人有权查看的内容（其文件夹和中心权限）以及其所选的国家或中心。

文件（CSV：UTF-8 带 BOM，首行为列名，时间为 UTC 的 ISO 8601 格式，空值表示无）
  figures.csv         edoc 给出的每项指标：group_key（'all' 为全部；'trend:<日期>' 为截至该周日的一周）、
                      group_label、figure（指标）、value（比率为小数：0.5 即 50%）。
  parameters.csv      截至日期（各规则中的“今天”）、及时性目标（天数，自然日或工作日）、分组、范围、生成人和时间。
  artifacts.csv       TMF 模型的工件及其分区和区域。
  sites.csv           中心及其所属国家。
  expected_items.csv  预期文档：工件、层级、国家、中心、次序、截止日期、状态（expected 待归档 / filed 已归档 /
                      not_applicable 不适用）、不适用原因、是否已移除、创建时间、归档时间。
  filings.csv         哪份文档满足哪条预期文档，以及关联时间。
  documents.csv       归入工件的文档：位置、文档日期、创建时间（其 UTC 日期即归档日）、创建人、是否已删除。
  qc_stages.csv       这些文档已结束的质控环节：结束时间、通过或驳回，按顺序。
  quality_issues.csv  这些文档上的质量问题：类别、状态、创建时间。
  recompute.sql       以下规则，写成基于上述文件的 SQL。

如何复算（PostgreSQL 13 及以上，psql）
  1. 将本数据包解压到一个文件夹，例如 /tmp/tmf。
  2. createdb recompute
  3. psql -v ON_ERROR_STOP=1 -v dir=/tmp/tmf -f /tmp/tmf/recompute.sql recompute
  输出一张 CSV 表（group_key, figure, value），与 figures.csv 的行相同，数值应完全一致。

各项指标的含义（expected_items.csv 中未移除的行；未删除的文档）
  expected 应有：未标记不适用的预期文档            filed 已归档：状态为已归档的预期文档
  notApplicable 不适用：标记为不适用的预期文档      open 缺失：应有 - 已归档
  overdue 已逾期：仍待归档且截止日期早于今天         dueByToday 截至今日应归档：截止日期不晚于今天的应有文档
  filedDueByToday：其中已归档的                    completeness 完整性：已归档 / 应有
  completenessDue 到期完整性：filedDueByToday / dueByToday
  timelinessDocuments：有文档日期的文档；天数 = 归档日 - 文档日期（自然日）
  withinTarget 按时归档：天数不超过目标的文档（目标按工作日计时，为文档日期之后至归档日（含）的周一至周五天数，
                不计节假日）
  timelinessPct 及时率：withinTarget / timelinessDocuments      medianDays：自然日天数的中位数
  qcDecided：已结束（通过或驳回）的质控环节          qcRejected：其中被驳回的
  rejectionRate 驳回率：qcRejected / qcDecided
  firstTimeRight 一次通过率：首个结束的质控环节即通过的文档 / 有已结束质控环节的文档
  openIssues：未解决（open）的质量问题              issues_<类别>：按类别统计的未解决或已处理（resolved）的问题
  分母为 0 的比率为空。分组：层级（文档按自身：有中心为中心，否则有国家为国家，否则为试验）、国家（条目或文档的
  国家，否则其中心的国家；无则 'none'）、中心（无则 'none'）、区域、分区、工件、归档人（文档创建人；一条预期文档
  归属于满足它的每份文档的创建人）。
  趋势：每周截至周日 E（最后一周为截至日期当天或之后的周日）：完整性 = E 之前（含）创建且 E 之前（含）归档的
  预期文档 / E 之前（含）创建的预期文档（不含不适用）；到期完整性为其中截止日期不晚于 E 的；及时率和驳回率按
  E-6 至 E 归档的文档和结束的质控环节计算。
`;

export interface ReadmeFacts {
  project: string;
  scope: string;
  groupBy: string;
  asOf: string;
  by: string;
  at: string;
}

export function readmeText(lang: Lang, facts: ReadmeFacts): string {
  const text = lang === 'en-US' ? EN : ZH;
  // CRLF: Notepad on an inspector's Windows shows it as lines.
  return text.replace(/\{(\w+)\}/g, (_, k: keyof ReadmeFacts) => facts[k]).replace(/\n/g, '\r\n');
}
