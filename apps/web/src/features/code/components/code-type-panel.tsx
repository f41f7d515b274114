import { useEffect, useState } from 'react';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Space, Switch, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeTypeBody, type CodeScope, type CodeTypeBody, type CodeTypeItem } from '@edoc/contract/code';
import { EnterSubmits } from '../../../components/enter-submits';
import { ExcelImport } from '../../../components/excel-import';
import { SearchableTable } from '../../../components/searchable-table';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useListState } from '../../../lib/use-list-state';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { excelRoutes, useCodeTypes, useDeleteCodeType, useInvalidateCodes, useSaveCodeType } from '../api';
import { useCatalogColumns, useCatalogDelete, useSaveExport } from './catalog-parts';
import { Dialog } from '../../../components/dialog';

const shape = codeTypeBody.shape;
const optional = (v?: string) => v?.trim() || undefined;

function CodeTypeFormModal(props: { scope: CodeScope; open: boolean; item?: CodeTypeItem; onClose: () => void }) {
  const { scope, open, item, onClose } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CodeTypeBody>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      item
        ? {
            code: item.code,
            name: item.name,
            nameEn: item.nameEn ?? '',
            description: item.description ?? '',
            enabled: item.enabled,
          }
        : { code: '', name: '', enabled: true },
    );
  }, [open, item, form]);

  const save = useSaveCodeType(scope, { silentError: true });
  const submit = (v: CodeTypeBody) => {
    const body = {
      code: v.code.trim(),
      name: v.name.trim(),
      nameEn: optional(v.nameEn),
      description: optional(v.description),
      enabled: v.enabled,
    };
    save.mutate(
      { id: item?.id, body },
      {
        onSuccess: () => {
          void message.success(t('common.saved'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { code_exists: 'code' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={item ? t('code.editTypeTitle') : t('code.createTypeTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'code-type-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<CodeTypeBody> form={form} name="codeTypeForm" layout="vertical" onFinish={submit}>
        <Form.Item name="code" label={t('code.code')} required rules={[schemaRule('code', shape.code, 'code.code')]}>
          <Input name="code" />
        </Form.Item>
        <Form.Item name="name" label={t('code.name')} required rules={[schemaRule('name', shape.name, 'code.name')]}>
          <Input name="name" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('code.nameEn')} rules={[schemaRule('nameEn', shape.nameEn, 'code.nameEn')]}>
          <Input name="nameEn" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('code.description')}
          rules={[schemaRule('description', shape.description)]}
        >
          <Input.TextArea name="description" rows={3} />
        </Form.Item>
        <Form.Item name="enabled" label={t('code.enabled')} valuePropName="checked">
          <Switch id="codeTypeForm_enabled" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}

/** Code types of the company (/company/template/codeType) or of the project (/manage/codeType). */
export function CodeTypePanel({ scope, title }: { scope: CodeScope; title: string }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateCodes();
  const list = useListState();
  const [editing, setEditing] = useState<{ open: boolean; item?: CodeTypeItem }>({ open: false });
  const q = { pageNum: list.pageNum, pageSize: list.pageSize, searchValue: list.searchValue };
  const page = useCodeTypes(scope, q);
  const excel = excelRoutes(scope, 'types');

  const remove = useCatalogDelete(useDeleteCodeType(scope), () => list.stepBackIfEmpty(page.data?.data.length ?? 0));
  const saveExport = useSaveExport();
  const exportAll = () => saveExport(excel.exportRoute, `${t('code.typesFile')}.xlsx`);
  const shared = useCatalogColumns<CodeTypeItem>({
    idPrefix: 'code-type',
    codeWidth: 180,
    deleteConfirmKey: 'code.deleteTypeConfirm',
    onEdit: (item) => setEditing({ open: true, item }),
    onDelete: remove,
  });

  const columns: TableProps<CodeTypeItem>['columns'] = [
    shared.code,
    { title: t('code.name'), dataIndex: 'name', ellipsis: true },
    { title: t('code.nameEn'), dataIndex: 'nameEn', ellipsis: true },
    { title: t('code.codeCount'), dataIndex: 'codeCount', width: 100, align: 'right' },
    shared.enabled,
    shared.actions,
  ];

  return (
    <Card
      title={title}
      variant="borderless"
      extra={
        <Space>
          <ExcelImport
            id="code-type-import"
            title={t('code.importTypesTitle')}
            importRoute={excel.importRoute}
            sampleRoute={excel.sampleRoute}
            sampleFileName={`${t('code.typesFile')}-sample.xlsx`}
            onImported={() => void invalidate()}
          />
          <Button id="code-type-export" icon={<DownloadOutlined />} onClick={exportAll}>
            {t('code.export')}
          </Button>
          <Button
            id="code-type-create"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true })}
          >
            {t('code.createType')}
          </Button>
        </Space>
      }
    >
      <SearchableTable<CodeTypeItem>
        searchId="code-type-search"
        tableId="code-type-table"
        rowKey="id"
        columns={columns}
        page={page}
        list={list}
        searchPlaceholder={t('code.searchPlaceholder')}
        emptyText={t('code.emptyTypes')}
      />
      <CodeTypeFormModal
        scope={scope}
        open={editing.open}
        item={editing.item}
        onClose={() => setEditing({ open: false })}
      />
    </Card>
  );
}
