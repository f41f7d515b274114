import { Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useCustomReport } from '../api';
import { freshDefinition, ReportBuilder } from '../components/report-builder';
import { ReportList } from '../components/report-list';
import { ReportView } from '../components/report-view';

const idOf = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** Editing a saved report: the builder once its definition is here. */
function EditReport({ id, onSaved, onCancel }: { id: number; onSaved: (id: number) => void; onCancel: () => void }) {
  const report = useCustomReport(id);
  if (!report.data) return <Skeleton active />;
  const { name, shared, mailTo, definition } = report.data;
  return (
    <ReportBuilder
      key={id}
      report={{ id, name, shared, mailTo }}
      initial={definition}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

/**
 * /report (issue 14, Custom Report): the saved reports, one of them run (?id=), the builder for a new one (?new=1)
 * or for changing one (?edit=). The address names what is open, so back, reload and the weekly mail's link work.
 */
export function CustomReportPage() {
  const [params, setParams] = useSearchParams();
  const go = (next: Record<string, string>) => setParams(next);
  const open = (id: number) => go({ id: String(id) });
  const list = () => go({});
  const editing = idOf(params.get('edit'));
  const viewing = idOf(params.get('id'));
  if (editing) return <EditReport id={editing} onSaved={open} onCancel={() => open(editing)} />;
  if (params.get('new') === '1') return <ReportBuilder initial={freshDefinition()} onSaved={open} onCancel={list} />;
  if (viewing)
    return <ReportView key={viewing} id={viewing} onBack={list} onEdit={() => go({ edit: String(viewing) })} />;
  return <ReportList onOpen={open} onEdit={(id) => go({ edit: String(id) })} onCreate={() => go({ new: '1' })} />;
}
