import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tmfModelLabel, type TmfModelItem } from '@edoc/contract/tmf-model';
import { paths } from '../../../config/paths';
import { saveBlob } from '../../../lib/download';
import { useDeleteTmfModel, useExportTmfModel, useNewTmfModelVersion, usePublishTmfModel } from '../api';

/** A draft of the company's own is changed; a published version (and every shipped one) is frozen. */
export const isEditable = (model: Pick<TmfModelItem, 'state' | 'shipped'>) => model.state === 'draft' && !model.shipped;

/** A draft no project uses may go; a published version may be in use by a project measured against it. */
export const isDeletable = (model: Pick<TmfModelItem, 'state' | 'shipped' | 'projectCount'>) =>
  isEditable(model) && model.projectCount === 0;

export const modelPath = (id: number) => `${paths.company.templateTmf}/${id}`;

/**
 * What the list and the model page both do to a model: export it, copy it into a new draft version (and open that),
 * publish a draft or delete one, each change after a confirmation that says what it means.
 */
export function useModelActions() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const exporter = useExportTmfModel();
  const versioner = useNewTmfModelVersion();
  const publisher = usePublishTmfModel();
  const remover = useDeleteTmfModel();

  const exportModel = (model: TmfModelItem) =>
    exporter.mutate(model, { onSuccess: (blob) => saveBlob(blob, `${tmfModelLabel(model)}.xlsx`) });

  const newVersion = (model: TmfModelItem) =>
    versioner.mutate(model, {
      onSuccess: ({ id }) => {
        void message.success(t('tmfModel.versionMade'));
        void navigate(modelPath(id));
      },
    });

  const publish = (model: TmfModelItem) =>
    void modal.confirm({
      title: t('tmfModel.publishConfirm', { name: tmfModelLabel(model) }),
      content: t('tmfModel.publishConfirmText'),
      okText: t('tmfModel.publish'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `tmf-model-publish-ok-${model.id}` },
      // The dialog stays open (and busy) until the server answers; a refusal is shown by the query client.
      onOk: () =>
        publisher
          .mutateAsync(model)
          .then(() => void message.success(t('tmfModel.published')))
          .catch(() => undefined),
    });

  const remove = (model: TmfModelItem, onDeleted?: () => void) =>
    void modal.confirm({
      title: t('tmfModel.deleteConfirm', { name: tmfModelLabel(model) }),
      content: t('tmfModel.deleteConfirmText'),
      okText: t('tmfModel.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `tmf-model-delete-ok-${model.id}`, danger: true },
      onOk: () =>
        remover
          .mutateAsync(model)
          .then(() => {
            void message.success(t('tmfModel.deleted'));
            onDeleted?.();
          })
          .catch(() => undefined),
    });

  return { exportModel, newVersion, publish, remove, busy: versioner.isPending };
}
