import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** Messages already on screen were worded in the previous language: re-run the rules of the fields showing one. */
export function useRevalidateOnLanguage(form: FormInstance): void {
  const { i18n } = useTranslation();
  const previous = useRef(i18n.language);
  useEffect(() => {
    if (previous.current === i18n.language) return;
    previous.current = i18n.language;
    const withErrors = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (withErrors.length) form.validateFields(withErrors).catch(() => undefined);
  }, [i18n.language, form]);
}
