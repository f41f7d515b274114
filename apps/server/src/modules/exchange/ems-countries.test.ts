import { describe, expect, it } from 'vitest';
import { alpha2Of, alpha3Of } from './ems-countries.ts';

describe('countries', () => {
  it('converts between edoc’s alpha-2 and the standard’s alpha-3, and knows no made-up code', () => {
    expect([alpha3Of('CN'), alpha3Of('us'), alpha3Of('DE'), alpha3Of('XK')]).toEqual(['CHN', 'USA', 'DEU', null]);
    expect([alpha2Of('CHN'), alpha2Of('gbr'), alpha2Of('ZZZ')]).toEqual(['CN', 'GB', null]);
  });
});
