import { DocStatus } from '@edoc/contract/enums';
import { describe, expect, it } from 'vitest';
import { readFilters } from '../search/search-address';
import { openAddress, readReportFilters } from './report-address';

describe('the System report’s address', () => {
  it('reads the report and its filters, leaving out what the server would refuse', () => {
    const read = (qs: string) => readReportFilters(new URLSearchParams(qs));
    expect(read('report=expiring&days=60&folderId=7&siteId=2&status=3')).toEqual({
      key: 'expiring',
      days: 60,
      folderId: 7,
      siteId: 2,
      status: DocStatus.InReview,
      dateFrom: undefined,
      dateTo: undefined,
    });
    // An unknown report is the first one; days in the wrong order, an impossible day, a status past 9 are dropped.
    expect(read('report=nope&dateFrom=2026-03-01&dateTo=2026-02-01&status=10&days=0')).toMatchObject({
      key: 'docsByStatus',
      dateFrom: undefined,
      dateTo: undefined,
      status: undefined,
      days: undefined,
    });
    expect(read('dateFrom=2026-02-30&dateTo=2026-02-28')).toMatchObject({ dateFrom: undefined, dateTo: '2026-02-28' });
  });

  it('opens a set of documents in the search page and one document in the workspace', () => {
    expect(
      openAddress({ status: DocStatus.Editing, folderId: 4, filedFrom: '2026-02-01', filedTo: '2026-02-28' }),
    ).toBe('/search?status=1&folderId=4&filedFrom=2026-02-01&filedTo=2026-02-28');
    expect(openAddress({ type: 'pdf', siteId: 2 })).toBe('/search?siteId=2&type=pdf');
    expect(openAddress({ fileId: 42, status: DocStatus.Editing })).toBe('/work?doc=42');
    // A person's overdue tasks: the search page reads them back as its filters.
    const address = openAddress({ taskUserId: 9, taskOverdue: true, siteId: 2 });
    expect(address).toBe('/search?siteId=2&taskUserId=9&taskOverdue=true');
    expect(readFilters(new URLSearchParams(address.split('?')[1]))).toMatchObject({
      siteId: 2,
      taskUserId: 9,
      taskOverdue: true,
    });
    expect(readFilters(new URLSearchParams('taskOverdue=false&taskUserId=x')).taskOverdue).toBe(false);
  });
});
