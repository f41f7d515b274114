import type { SearchTerm } from '@edoc/contract/search';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { tags } from '../../db/schema/catalog.ts';
import { documents, documentVersions, documentWords } from '../../db/schema/documents.ts';
import { contentTexts } from '../../db/schema/search.ts';

// Search's conditions on one term, and the candidates' statement, over named parameters (search.statement.ts
// valuesOf's names): placeholders of a statement built once, or the request's values for the planner's estimate.

/** An ICH code's beginning as a LIKE pattern (8.2 finds 8.2.1 and 8.2.10). */
export const ichPrefix = (term: SearchTerm) => `${term.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A parameter by its name in valuesOf: a placeholder of a statement built once, or the request's value. */
export type Param = (name: string) => Placeholder | SQL;
export const p = (name: string) => sql.placeholder(name);

/** A term's parameters (valuesOf's names: t0like, t0ich, t0q…). */
export interface TermOf {
  like: Placeholder | SQL;
  ich: Placeholder | SQL;
  q: Placeholder | SQL;
}
export const termOf = (prefix: string, param: Param = p): TermOf => ({
  like: param(`${prefix}like`),
  ich: param(`${prefix}ich`),
  q: param(`${prefix}q`),
});

/** Found in the name, a code, a tag or a comment: what a person typed into the metadata, matched as written. */
export function inMeta(t: TermOf): SQL {
  // coalesce: a document without a file code would make the whole test null, and "not null" excludes nothing.
  return sql`coalesce(${documents.name} ilike ${t.like} or ${documents.fileCode} ilike ${t.like} or ${documents.ichCode} like ${t.ich}
    or exists (select 1 from ${tags} where ${tags.id} = any(${documents.tagIds}) and ${tags.name} ilike ${t.like})
    or exists (select 1 from ${documentWords} where ${documentWords.documentId} = ${documents.id}
               and ${documentWords.text} ilike ${t.like}), false)`;
}

/**
 * Something of the current version's text (its lexemes), looked up for each document read: a join would make the
 * planner hash every text in the project before a walk that stops after a page.
 */
export const ofText = (expression: (tsv: SQL) => SQL) =>
  sql`(select ${expression(sql.raw('ct.tsv'))} from ${contentTexts} ct where ct.sha256 = ${documentVersions.sha256})`;

/** One term, in the text of the current version or the metadata. */
export const termMatch = (t: TermOf) =>
  sql`(coalesce(${ofText((tsv) => sql`${tsv} @@ ${t.q}::tsquery`)}, false) or ${inMeta(t)})`;

/** The clauses' terms, each with its place among them (valuesOf's t0, t1…). */
export const termsOf = (clauses: boolean[][], param: Param = p) => {
  let i = 0;
  return clauses.map((c) => c.map((lexemes) => ({ lexemes, term: termOf(`t${i++}`, param) })));
};

/**
 * The documents any searched term could match, found through indexes: the text's lexemes (GIN), names and file codes
 * (trigram GIN), ICH codes, tags and comments. Every clause is then checked on these alone, so a rare word reads a
 * handful of rows however large the project, instead of every document's metadata.
 */
export function candidates(clauses: boolean[][], param: Param = p, estimated = false): SQL {
  const terms = termsOf(clauses, param).flat();
  const anyOf = (column: SQL) =>
    sql.join(
      terms.map(({ term }) => sql`${column} ilike ${term.like}`),
      sql` or `,
    );
  // ICH codes (8.2.1) by their beginning: the (project, ich_code) index answers it (the database sorts in C).
  const prefixOf = (column: SQL) =>
    sql.join(
      terms.map(({ term }) => sql`${column} like ${term.ich}`),
      sql` or `,
    );
  const project = param('project');
  const tagged = sql`select tg.id from tags tg where tg.project_id = ${project} and (${anyOf(sql`tg.name`)})`;
  // The tags' branch reads every document of the project (tag_ids has no index): the uncorrelated exists is a
  // one-time filter, so a search whose words name no tag (nearly all) skips that read, 30 ms at 100,000 documents.
  const any = param('any');
  // Read, the texts' shas come first as one array: a rare English word is expected in 500 texts (the planner's guess
  // for a word outside its statistics; 66 hold it in the bench) and joined, all 100,000 versions were hashed (40 ms
  // of the 45). Estimated, the join stays: its expected rows pick the strategy, as they always did.
  const inText = estimated
    ? sql`join content_texts t on t.sha256 = v.sha256 where d.project_id = ${project} and t.tsv @@ ${any}::tsquery`
    : sql`where d.project_id = ${project}
        and v.sha256 = any(array(select t.sha256 from content_texts t where t.tsv @@ ${any}::tsquery))`;
  const inTextAndNames = sql`
    select d.id from documents d join document_versions v on v.id = d.current_version_id ${inText}
    union${estimated ? sql` all` : sql``}
    select d.id from documents d
      where d.project_id = ${project} and (${anyOf(sql`d.name`)} or ${anyOf(sql`d.file_code`)} or ${prefixOf(sql`d.ich_code`)})`;
  // Estimated, the text and the names decide (issue 30: planning all four branches cost PostgreSQL 1.2 ms a search,
  // these two 0.75): the tags' branch only ever added the planner's fixed guess for an unindexed array (1 % of the
  // documents), whatever the words, and comments are a handful per document.
  if (estimated) return inTextAndNames;
  return sql`${inTextAndNames}
    union
    select d.id from documents d
      where d.project_id = ${project} and exists (${tagged}) and d.tag_ids && array(${tagged})::int[]
    union
    select w.document_id from document_words w join documents d on d.id = w.document_id
      where d.project_id = ${project} and (${anyOf(sql`w.text`)})`;
}
