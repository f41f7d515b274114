import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTmfSetup } from '../api';
import { FolderMapping } from '../components/folder-mapping';
import { ModelChoice } from '../components/model-choice';

/** Issue 27 part 2, /manage/tmf: the TMF model the project uses, and which artifact each document folder stands for. */
export function TmfProjectPage() {
  const { t } = useTranslation();
  const setup = useTmfSetup();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('menu.project.manageTmf')} variant="borderless" loading={setup.isPending}>
        <ModelChoice model={setup.data?.model ?? null} />
      </Card>
      <Card title={t('tmfProject.foldersTitle')} variant="borderless">
        <FolderMapping
          folders={setup.data?.folders ?? []}
          artifacts={setup.data?.artifacts ?? []}
          loading={setup.isFetching}
        />
      </Card>
    </Space>
  );
}
