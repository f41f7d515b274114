import {
  checkinFields,
  editEndQuery,
  editEnded,
  editExist,
  editSession,
  editStartBody,
  symbolQuery,
  symbolView,
} from './editing.ts';
import { idParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';

/** Editing a document online: the session's start, state, check-in and end (the protocols are /dav, /wopi). */
export const editingRoutes = {
  start: defineRoute('POST', '/file/ol/start/a', { body: editStartBody, response: editSession }),
  exists: defineRoute('GET', '/file/ol/unique/exist/:id', { params: idParams, response: editExist }),
  separateView: defineRoute('GET', '/file/ol/separate/view', { query: symbolQuery, response: symbolView }),
  end: defineRoute('DELETE', '/file/ol/revise/symbol/del/:id', {
    params: idParams,
    query: editEndQuery,
    response: editEnded,
  }),
  checkin: defineRoute('POST', '/file/ol/checkin/a', { multipart: checkinFields, response: editEnded }),
  reviseDownload: defineRoute('GET', '/minio/file/revise/down', { query: symbolQuery, response: rawAnswer }),
};
