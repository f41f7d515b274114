import {
  downloadTaskBody,
  downloadTaskCreated,
  downloadTaskList,
  downloadTaskQuery,
  ticketBody,
  ticketIssued,
  ticketParams,
} from './download.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';

/** Download packs made in the background, and short-lived links the browser fetches by itself. */
export const downloadRoutes = {
  createTask: defineRoute('POST', '/download/task/create', { body: downloadTaskBody, response: downloadTaskCreated }),
  taskList: defineRoute('GET', '/download/task/list', { query: downloadTaskQuery, response: downloadTaskList }),
  taskFile: defineRoute('GET', '/download/task/:id/file', { params: idParams, response: rawAnswer }),
  deleteTask: defineRoute('POST', '/download/task/delete/:id', { params: idParams, response: noData }),
  ticket: defineRoute('POST', '/download/ticket', { body: ticketBody, response: ticketIssued }),
  redeemTicket: defineRoute('GET', '/download/ticket/:token', { params: ticketParams, response: rawAnswer }),
};
