import { z } from 'zod';

/** How any report (ready-made, custom, the company's) is exported: the table it shows, as a file (issue 14). */
export const REPORT_EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export const reportExportFormat = z.enum(REPORT_EXPORT_FORMATS, 'invalid_value');
export type ReportExportFormat = z.infer<typeof reportExportFormat>;
export const reportExportQuery = z.object({ format: reportExportFormat.default('xlsx') });
