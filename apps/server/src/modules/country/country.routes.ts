import { countryRoutes as r } from '@edoc/contract/country-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { createCountry, deleteCountry, listCountries, updateCountry } from './country.service.ts';

const access = 'projectAdmin' as const;

/** The entered project's countries (issue 27 part 3), every route as countryRoutes declares it: its administrators. */
export function countryRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(r.list.path, { access, response: r.list.response }, ({ ctx }) => listCountries(deps, ctx));

  post(r.create.path, { access, body: r.create.body, response: r.create.response }, async ({ ctx, body }) => ({
    id: await createCountry(deps, ctx, body),
  }));

  post(
    r.update.path,
    { access, params: r.update.params, body: r.update.body, response: r.update.response },
    async ({ ctx, params, body }) => {
      await updateCountry(deps, ctx, { id: params.id, input: body });
      return null;
    },
  );

  post(r.delete.path, { access, params: r.delete.params, response: r.delete.response }, async ({ ctx, params }) => {
    await deleteCountry(deps, ctx, params.id);
    return null;
  });
}
