import iso from 'iso-3166-1';

/*
 * edoc names a project's countries by ISO 3166-1 alpha-2 (country.ts); the exchange standard's COUNTRYID is alpha-3.
 * The ISO list comes from the iso-3166-1 package (249 entries). A code outside it (a project's "XK") has no alpha-3:
 * the export leaves COUNTRYID out and reports the object; the import maps an unknown alpha-3 to nothing and asks.
 */

export function alpha3Of(alpha2: string): string | null {
  return iso.whereAlpha2(alpha2.toUpperCase())?.alpha3 ?? null;
}

export function alpha2Of(alpha3: string): string | null {
  return iso.whereAlpha3(alpha3.toUpperCase())?.alpha2 ?? null;
}
