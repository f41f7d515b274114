import { useEffect, useState } from 'react';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  hasBindings,
  hasFolders,
  hasGroups,
  type TemplateBody,
  type TemplateFolderInput,
  type TemplateItem,
} from '@edoc/contract/template';
import { showServerError } from '../../../lib/form-errors';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSaveTemplate, useTemplateDetail } from '../api';

export interface BindingValues {
  group?: string;
  /** The folder's path of names joined by FOLDER_PATH_SEP (a Select needs one value). */
  folderPath?: string;
  docKeys: string[];
  libraryKeys: string[];
  manageLevel: number;
}

export interface TemplateFormValues {
  name: string;
  type: number;
  groups: Array<{ name: string; description?: string }>;
  bindings: BindingValues[];
}

/** Joins a folder path into one Select value; no folder name contains it. */
export const FOLDER_PATH_SEP = '\u0000';

type BindingBody = TemplateBody['bindings'][number];

/** The body of the form's values: the parts the type does not carry are sent empty. */
function toBody(v: TemplateFormValues, folders: TemplateFolderInput[]): TemplateBody {
  return {
    name: v.name.trim(),
    type: v.type,
    folders: hasFolders(v.type) ? folders : [],
    groups: hasGroups(v.type)
      ? (v.groups ?? []).map((g) => ({ name: g.name.trim(), description: g.description?.trim() || undefined }))
      : [],
    bindings: hasBindings(v.type)
      ? (v.bindings ?? []).map((b) => ({
          group: b.group ?? '',
          folderPath: (b.folderPath ?? '').split(FOLDER_PATH_SEP),
          docKeys: b.docKeys as BindingBody['docKeys'],
          libraryKeys: b.libraryKeys as BindingBody['libraryKeys'],
          manageLevel: b.manageLevel,
        }))
      : [],
  };
}

/**
 * The template form's state: the stored template loaded into the form when the modal opens (a new one starts
 * empty with the page's first type), the folder tree kept beside the form, and the save.
 */
export function useTemplateForm(
  open: boolean,
  types: number[],
  template: TemplateItem | undefined,
  onClose: () => void,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TemplateFormValues>();
  useRevalidateOnLanguage(form);
  const [folders, setFolders] = useState<TemplateFolderInput[]>([]);
  const type = Form.useWatch('type', form) ?? types[0];
  const groupNames = (Form.useWatch('groups', form) ?? []).map((g) => g?.name).filter(Boolean);
  const detail = useTemplateDetail(template?.id, open && !!template);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const d = template ? detail.data : undefined;
    if (template && !d) return;
    setFolders(d?.folders ?? []);
    form.setFieldsValue({
      name: d?.name ?? '',
      type: d?.type ?? types[0],
      groups: d?.groups ?? [],
      bindings: (d?.bindings ?? []).map((b) => ({ ...b, folderPath: b.folderPath.join(FOLDER_PATH_SEP) })),
    });
  }, [open, template, detail.data, form, types]);

  const save = useSaveTemplate({ silentError: true });
  const submit = (v: TemplateFormValues) =>
    save.mutate(
      { id: template?.id, body: toBody(v, folders) },
      {
        onSuccess: () => {
          void message.success(t('common.saved'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { template_name_exists: 'name' }),
      },
    );

  return {
    form,
    folders,
    setFolders,
    type,
    groupNames,
    loading: !!template && detail.isFetching,
    saving: save.isPending,
    submit,
  };
}
