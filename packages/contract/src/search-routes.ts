import { defineRoute } from './route.ts';
import { duplicateList, duplicateQuery, searchAnswer, searchQuery } from './search.ts';

/** Full-text search of the entered project's documents, and documents with the same content. */
export const searchRoutes = {
  search: defineRoute('GET', '/file/search', { query: searchQuery, response: searchAnswer }),
  duplicates: defineRoute('GET', '/file/duplicates', { query: duplicateQuery, response: duplicateList }),
};
