import { countryBody, countryCreated, countryList } from './country.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { defineRoute } from './route.ts';

/**
 * Issue 27 part 3: the entered project's countries. The project's administrators only (the gate of /manage/tmf/*);
 * members see a site's country on the site list (/site/list countryCode).
 */
export const countryRoutes = {
  list: defineRoute('GET', '/manage/country/list', { response: countryList }),
  /** The code is unique in the project (409 country_code_exists, naming code). */
  create: defineRoute('POST', '/manage/country/create', { body: countryBody, response: countryCreated }),
  update: defineRoute('POST', '/manage/country/update/:id', { params: idParams, body: countryBody, response: noData }),
  /** Refused (409 country_has_sites) while a site of the project belongs to it. */
  delete: defineRoute('POST', '/manage/country/delete/:id', { params: idParams, response: noData }),
};
