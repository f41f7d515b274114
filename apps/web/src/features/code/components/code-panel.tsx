import { useEffect, useState } from 'react';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Switch, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeBody, type CodeBody, type CodeItem, type CodeScope } from '@edoc/contract/code';
import { EnterSubmits } from '../../../components/enter-submits';
import { ExcelImport } from '../../../components/excel-import';
import { SearchableTable } from '../../../components/searchable-table';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useListState } from '../../../lib/use-list-state';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { excelRoutes, useCodes, useCodeTypeOptions, useDeleteCode, useInvalidateCodes, useSaveCode } from '../api';
import { useCatalogColumns, useCatalogDelete, useSaveExport } from './catalog-parts';
import { Dialog } from '../../../components/dialog';

const shape = codeBody.shape;
const optional = (v?: string) => v?.trim() || undefined;

interface CodeFormValues extends Omit<CodeBody, 'typeId' | 'sortOrder'> {
  typeId?: number;
  sortOrder: number | null;
}

function useTypeOptions(scope: CodeScope) {
  const types = useCodeTypeOptions(scope);
  return {
    loading: types.isFetching,
    options: (types.data?.data ?? []).map((ty) => ({ value: ty.id, label: `${ty.name} (${ty.code})` })),
  };
}

function CodeFormModal(props: {
  scope: CodeScope;
  open: boolean;
  item?: CodeItem;
  typeId?: number;
  onClose: () => void;
}) {
  const { scope, open, item, onClose } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const types = useTypeOptions(scope);
  const [form] = Form.useForm<CodeFormValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      item
        ? { ...item, nameEn: item.nameEn ?? '', description: item.description ?? '' }
        : { typeId: props.typeId, code: '', name: '', sortOrder: 0, enabled: true },
    );
  }, [open, item, form, props.typeId]);

  const save = useSaveCode(scope, { silentError: true });
  const submit = (v: CodeFormValues) => {
    const body: CodeBody = {
      typeId: v.typeId ?? 0,
      code: v.code.trim(),
      name: v.name.trim(),
      nameEn: optional(v.nameEn),
      description: optional(v.description),
      sortOrder: v.sortOrder ?? 0,
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
      title={item ? t('code.editTitle') : t('code.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'code-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<CodeFormValues> form={form} name="codeForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="typeId"
          label={t('code.type')}
          required
          rules={[schemaRule('typeId', shape.typeId, 'code.type')]}
        >
          <Select<number>
            id="codeForm_typeId"
            loading={types.loading}
            options={types.options}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="code" label={t('code.code')} required rules={[schemaRule('code', shape.code, 'code.code')]}>
          <Input name="code" />
        </Form.Item>
        <Form.Item name="name" label={t('code.name')} required rules={[schemaRule('name', shape.name, 'code.name')]}>
          <Input name="name" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('code.nameEn')} rules={[schemaRule('nameEn', shape.nameEn, 'code.nameEn')]}>
          <Input name="nameEn" />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('code.sortOrder')}>
          <InputNumber id="codeForm_sortOrder" min={0} max={99999} precision={0} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('code.description')}
          rules={[schemaRule('description', shape.description)]}
        >
          <Input.TextArea name="description" rows={2} />
        </Form.Item>
        <Form.Item name="enabled" label={t('code.enabled')} valuePropName="checked">
          <Switch id="codeForm_enabled" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}

/** The code dictionary of the company (/company/template/encode) or of the project (/manage/encode). */
export function CodePanel({ scope, title }: { scope: CodeScope; title: string }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateCodes();
  const list = useListState();
  const types = useTypeOptions(scope);
  const [typeId, setTypeId] = useState<number | undefined>();
  const [editing, setEditing] = useState<{ open: boolean; item?: CodeItem }>({ open: false });
  const q = { pageNum: list.pageNum, pageSize: list.pageSize, searchValue: list.searchValue, typeId };
  const page = useCodes(scope, q);
  const excel = excelRoutes(scope, 'codes');

  const remove = useCatalogDelete(useDeleteCode(scope), () => list.stepBackIfEmpty(page.data?.data.length ?? 0));
  const saveExport = useSaveExport();
  const exportAll = () => saveExport(excel.exportRoute, `${t('code.codesFile')}.xlsx`);
  const shared = useCatalogColumns<CodeItem>({
    idPrefix: 'code',
    codeWidth: 160,
    deleteConfirmKey: 'code.deleteConfirm',
    onEdit: (item) => setEditing({ open: true, item }),
    onDelete: remove,
  });

  const columns: TableProps<CodeItem>['columns'] = [
    {
      title: t('code.type'),
      dataIndex: 'typeName',
      width: 160,
      render: (name: string, c) => `${name} (${c.typeCode})`,
    },
    shared.code,
    { title: t('code.name'), dataIndex: 'name', ellipsis: true },
    { title: t('code.nameEn'), dataIndex: 'nameEn', ellipsis: true },
    { title: t('code.sortOrder'), dataIndex: 'sortOrder', width: 80, align: 'right' },
    shared.enabled,
    shared.actions,
  ];

  return (
    <Card
      title={title}
      variant="borderless"
      extra={
        <Space wrap>
          <Select<number>
            id="code-type-filter"
            aria-label={t('code.type')}
            allowClear
            style={{ minWidth: 200 }}
            placeholder={t('code.allTypes')}
            loading={types.loading}
            options={types.options}
            value={typeId}
            onChange={(v) => {
              setTypeId(v);
              list.search(list.searchValue);
            }}
          />
          <ExcelImport
            id="code-import"
            title={t('code.importTitle')}
            importRoute={excel.importRoute}
            sampleRoute={excel.sampleRoute}
            sampleFileName={`${t('code.codesFile')}-sample.xlsx`}
            onImported={() => void invalidate()}
          />
          <Button id="code-export" icon={<DownloadOutlined />} onClick={exportAll}>
            {t('code.export')}
          </Button>
          <Button id="code-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
            {t('code.create')}
          </Button>
        </Space>
      }
    >
      <SearchableTable<CodeItem>
        searchId="code-search"
        tableId="code-table"
        rowKey="id"
        columns={columns}
        page={page}
        list={list}
        searchPlaceholder={t('code.searchPlaceholder')}
        emptyText={t('code.empty')}
      />
      <CodeFormModal
        scope={scope}
        open={editing.open}
        item={editing.item}
        typeId={typeId}
        onClose={() => setEditing({ open: false })}
      />
    </Card>
  );
}
