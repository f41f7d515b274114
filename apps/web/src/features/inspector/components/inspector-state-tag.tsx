import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InspectorState } from '@edoc/contract/inspector';

const COLOR: Record<InspectorState, string> = {
  scheduled: 'blue',
  active: 'green',
  ended: 'default',
  revoked: 'red',
};

export function InspectorStateTag({ id, state }: { id: string; state: InspectorState }) {
  const { t } = useTranslation();
  return (
    <Tag id={id} color={COLOR[state]}>
      {t(`inspector.state.${state}`)}
    </Tag>
  );
}
