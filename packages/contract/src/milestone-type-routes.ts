import { companyScopeQuery } from './company.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { milestoneTypeBody, milestoneTypeCreated, milestoneTypeList } from './milestone.ts';
import { defineRoute } from './route.ts';

/**
 * Issue 27 part 3: a company's own milestone types beside the shipped ones. The company administrator (the system
 * administrator naming the company), as /tmf-model/*; the shipped types are read here and changed by no one.
 */
export const milestoneTypeRoutes = {
  list: defineRoute('GET', '/milestone-type/list', { query: companyScopeQuery, response: milestoneTypeList }),
  create: defineRoute('POST', '/milestone-type/create', {
    query: companyScopeQuery,
    body: milestoneTypeBody,
    response: milestoneTypeCreated,
  }),
  update: defineRoute('POST', '/milestone-type/update/:id', {
    params: idParams,
    query: companyScopeQuery,
    body: milestoneTypeBody,
    response: noData,
  }),
  /** Refused (409 milestone_type_in_use) while a project has dated it. */
  delete: defineRoute('POST', '/milestone-type/delete/:id', {
    params: idParams,
    query: companyScopeQuery,
    response: noData,
  }),
};
