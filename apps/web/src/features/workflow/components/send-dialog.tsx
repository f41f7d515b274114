import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Flex, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchAnswer, RouteStageInput } from '@edoc/contract/workflow-requests';
import { isApiError } from '../../../lib/api-client';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useAssignees, useBatchSend, useSendDocument } from '../api';
import { routeOf, valuesOfPreset, type RouteValues } from '../route-values';
import { BatchResults } from './batch-results';
import { RoutePresets } from './route-presets';
import { StageFields } from './stage-fields';
import { Dialog } from '../../../components/dialog';

export interface SendDialogProps {
  open: boolean;
  /** One document (the viewer), or many (the workspace's selection: one route for all, each sent on its own). */
  fileIds: number[];
  /** Names of the documents, for the title and a batch's results. */
  names: Record<number, string>;
  /** Send through the batch call and show each document's result (the workspace), even for one document. */
  batch?: boolean;
  onClose: () => void;
  onSent?: () => void;
}

/**
 * Sends documents along a route: for every stage the project enables, its assignees, signature, "all must act"
 * and due date. A batch names its candidates from the first document (the server checks each document again).
 */
export function SendDialog({ open, fileIds, names, batch = false, onClose, onSent }: SendDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RouteValues>();
  useRevalidateOnLanguage(form);
  const candidates = useAssignees(open && fileIds.length > 0 ? fileIds[0] : null);
  const send = useSendDocument();
  const sendMany = useBatchSend();
  const [results, setResults] = useState<BatchAnswer['results'] | null>(null);
  const stages = (candidates.data ?? []).map((c) => c.stage);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setResults(null);
  }, [open, form]);

  const done = () => {
    onSent?.();
    onClose();
  };

  const submit = (values: RouteValues) => {
    const route = routeOf(values, stages);
    if (!batch) {
      send.mutate(
        { fileId: fileIds[0], stages: route },
        {
          onSuccess: () => {
            void message.success(t('workflow.done.send'));
            done();
          },
          // The message is shown by the query client; a 409 means the document moved on, so the dialog closes.
          onError: (error) => {
            if (isApiError(error) && error.httpStatus === 409) onClose();
          },
        },
      );
      return;
    }
    sendMany.mutate(
      { fileIds, stages: route },
      {
        onSuccess: (answer) => {
          setResults(answer.results);
          onSent?.();
        },
      },
    );
  };

  /** The route for a preset: only once every stage names someone (the server refuses an empty stage too). */
  const currentRoute = async (): Promise<RouteStageInput[] | null> => {
    try {
      return routeOf(await form.validateFields(), stages);
    } catch {
      return null;
    }
  };

  const title = batch
    ? t('workflow.send.batchTitle', { count: fileIds.length })
    : t('workflow.send.title', { name: names[fileIds[0]] ?? '' });
  const pending = send.isPending || sendMany.isPending;

  const footer = results
    ? [
        <Button key="close" id="workflow-send-close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          id="workflow-send-ok"
          type="primary"
          loading={pending}
          disabled={!candidates.data}
          onClick={() => form.submit()}
        >
          {t('workflow.send.submit')}
        </Button>,
      ];

  return (
    <Dialog
      open={open}
      title={title}
      width={760}
      style={{ top: 32 }}
      footer={footer}
      onCancel={onClose}
      forceRender
      destroyOnHidden
    >
      {results ? (
        <BatchResults results={results} names={names} />
      ) : (
        <Spin spinning={candidates.isFetching}>
          <Form<RouteValues> form={form} name="sendForm" layout="vertical" onFinish={submit}>
            <Flex vertical gap={12}>
              {batch ? (
                <Alert type="info" showIcon title={t('workflow.send.batchHint', { name: names[fileIds[0]] ?? '' })} />
              ) : null}
              {stages.length > 0 ? (
                <RoutePresets
                  currentRoute={currentRoute}
                  onApply={(preset) => form.setFieldsValue(valuesOfPreset(preset, stages))}
                />
              ) : null}
              {candidates.data && stages.length === 0 ? (
                <Alert type="warning" showIcon title={t('workflow.send.noStages')} />
              ) : null}
              {(candidates.data ?? []).map((c) => (
                <StageFields key={c.stage} candidates={c} />
              ))}
              {!candidates.data && !candidates.isFetching ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null}
            </Flex>
          </Form>
        </Spin>
      )}
    </Dialog>
  );
}
