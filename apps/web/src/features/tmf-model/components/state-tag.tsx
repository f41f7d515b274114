import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmfModelState } from '@edoc/contract/tmf-model';

/** A model's state in words on a tag: the colour only repeats what the word says. */
export function StateTag({ state, id }: { state: TmfModelState; id?: string }) {
  const { t } = useTranslation();
  return (
    <Tag id={id} color={state === 'published' ? 'green' : 'gold'}>
      {t(`tmfModel.states.${state}`)}
    </Tag>
  );
}
