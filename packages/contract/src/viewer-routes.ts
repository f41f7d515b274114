import { idParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';
import { fileDetail, fileDetailQuery, pictureQuery, viewState } from './viewer.ts';

/** Viewing a version: its rendition's state, the rendition, thumbnails and the document's details. */
export const viewerRoutes = {
  state: defineRoute('GET', '/minio/file/state/:id', { params: idParams, response: viewState }),
  process: defineRoute('GET', '/minio/file/process/:id', { params: idParams, response: viewState }),
  view: defineRoute('GET', '/file/view/:id', { params: idParams, response: rawAnswer }),
  picture: defineRoute('GET', '/folder/workspace/file/picture', { query: pictureQuery, response: rawAnswer }),
  detail: defineRoute('GET', '/file/:id', { params: idParams, query: fileDetailQuery, response: fileDetail }),
};
