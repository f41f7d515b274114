import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Empty, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { tmfModelLabel, type TmfModelItem } from '@edoc/contract/tmf-model';
import type { TmfProjectModel } from '@edoc/contract/tmf-project';
import { errorText } from '../../../lib/feedback';
import { useChoosableModels, useUseTmfModel } from '../api';

/** The model the project uses, or what choosing one does; then the choice itself. */
export function ModelChoice({ model }: { model: TmfProjectModel | null }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const models = useChoosableModels();
  // The refusal stays on the page (a model change after filing, a draft): a toast would vanish before it is read.
  const use = useUseTmfModel({ silentError: true });
  const [chosen, setChosen] = useState<number | undefined>(model?.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => setChosen(model?.id), [model?.id]);

  const choose = (target: TmfModelItem) =>
    void modal.confirm({
      title: t('tmfProject.useConfirm', { name: tmfModelLabel(target) }),
      content: t(model && model.id !== target.id ? 'tmfProject.changeConfirmText' : 'tmfProject.useConfirmText'),
      okText: t('tmfProject.use'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: 'tmf-project-use-ok' },
      onOk: () =>
        use
          .mutateAsync(target.id)
          .then(({ created, mapped }) => {
            setRefusal(null);
            void message.success(t('tmfProject.used', { name: tmfModelLabel(target), created, mapped }));
          })
          .catch((error: unknown) => setRefusal(errorText(error))),
    });

  const target = models.data?.find((m) => m.id === chosen);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {model ? (
        <Descriptions
          id="tmf-project-model"
          size="small"
          column={1}
          bordered
          styles={{ label: { width: 140 } }}
          items={[
            { key: 'name', label: t('tmfProject.modelName'), children: model.name },
            { key: 'version', label: t('tmfProject.version'), children: `v${model.version}` },
            {
              key: 'source',
              label: t('tmfProject.source'),
              children: (
                <Space size={4} wrap>
                  {model.source || <Typography.Text type="secondary">{t('tmfProject.none')}</Typography.Text>}
                  {!model.company && <Tag color="blue">{t('tmfProject.shipped')}</Tag>}
                </Space>
              ),
            },
          ]}
        />
      ) : (
        <Empty
          className="tmf-project-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Space orientation="vertical" size={4}>
              <Typography.Text strong>{t('tmfProject.noModel')}</Typography.Text>
              <Typography.Text type="secondary">{t('tmfProject.noModelText')}</Typography.Text>
            </Space>
          }
        />
      )}
      <Space wrap>
        <Select<number>
          id="tmf-project-model-select"
          aria-label={t('tmfProject.chooseModel')}
          placeholder={t('tmfProject.chooseModel')}
          style={{ minWidth: 320 }}
          showSearch
          optionFilterProp="label"
          loading={models.isFetching}
          value={chosen}
          onChange={setChosen}
          notFoundContent={t('tmfProject.noChoosable')}
          options={(models.data ?? []).map((m) => ({
            value: m.id,
            label: m.shipped ? `${tmfModelLabel(m)} (${t('tmfProject.shipped')})` : tmfModelLabel(m),
          }))}
        />
        <Button
          id="tmf-project-use"
          type="primary"
          disabled={!target}
          loading={use.isPending}
          onClick={() => target && choose(target)}
        >
          {t(model && model.id === chosen ? 'tmfProject.useAgain' : 'tmfProject.use')}
        </Button>
      </Space>
      {refusal ? (
        <Alert
          id="tmf-project-refusal"
          type="error"
          showIcon
          title={refusal}
          closable
          onClose={() => setRefusal(null)}
        />
      ) : null}
    </Space>
  );
}
