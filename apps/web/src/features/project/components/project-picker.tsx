import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectOptions } from '../api';

interface ProjectPickerProps {
  value: number | null;
  onChange: (projectId: number | null) => void;
}

/** The company administrator's choice of project on the project users page. */
export function ProjectPicker({ value, onChange }: ProjectPickerProps) {
  const { t } = useTranslation();
  const projects = useProjectOptions();
  return (
    <Select<number>
      id="project-picker"
      style={{ width: 320 }}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={projects.isFetching}
      placeholder={t('member.pickPlaceholder')}
      aria-label={t('member.pickPlaceholder')}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      options={(projects.data?.data ?? []).map((p) => ({
        value: p.studyId,
        label: `${p.code} · ${p.name}${p.closed ? ` (${t('project.statusClosed')})` : ''}`,
      }))}
    />
  );
}
