import { noData } from './envelope.ts';
import {
  expectedCreateBody,
  expectedCreated,
  expectedGenerated,
  expectedLinkBody,
  expectedList,
  expectedListQuery,
  expectedMatches,
  expectedMatchesQuery,
  expectedNotApplicableBody,
} from './expected.ts';
import { idParams } from './fields.ts';
import { defineRoute } from './route.ts';

/**
 * Issue 27 part 4: the entered project's expected documents. /manage/expected/* is the project's administrators' (the
 * gate of /manage/tmf/*); /expected/matches is any member who may read the document, /expected/link and unlink
 * anyone who may edit its details.
 */
export const expectedRoutes = {
  /** A page of items with the counts by state under the same filter. */
  list: defineRoute('GET', '/manage/expected/list', { query: expectedListQuery, response: expectedList }),
  /**
   * Builds or refreshes the items from the model's artifacts and rules, the countries, sites and milestones;
   * leaves alone what a person decided. 409 tmf_model_none without a model.
   */
  generate: defineRoute('POST', '/manage/expected/generate', { response: expectedGenerated }),
  /** An item a person adds (origin manual, the next free occurrence). */
  create: defineRoute('POST', '/manage/expected/create', { body: expectedCreateBody, response: expectedCreated }),
  notApplicable: defineRoute('POST', '/manage/expected/not-applicable/:id', {
    params: idParams,
    body: expectedNotApplicableBody,
    response: noData,
  }),
  /** Not applicable back to expected (or filed with no documents left). */
  reopen: defineRoute('POST', '/manage/expected/reopen/:id', { params: idParams, response: noData }),
  /** A tombstone: regeneration does not bring it back. */
  remove: defineRoute('POST', '/manage/expected/remove/:id', { params: idParams, response: noData }),
  matches: defineRoute('GET', '/expected/matches', { query: expectedMatchesQuery, response: expectedMatches }),
  /** 409 expected_item_mismatch unless the item is of the document's artifact, level and place. */
  link: defineRoute('POST', '/expected/link', { body: expectedLinkBody, response: noData }),
  unlink: defineRoute('POST', '/expected/unlink', { body: expectedLinkBody, response: noData }),
};
