import { DatePicker, Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { errorMessage } from '@edoc/contract/errors';
import { isPastOrToday } from '@edoc/contract/tmf-project';
import { currentLang } from '../../../lib/i18n';

export const isoDay = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');

/** Checked before sending, as the server does: 'The effective date cannot be after the expiration date!'. */
export const dateOrderRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: Dayjs | null | undefined) => {
    const end = getFieldValue('expirationDate') as Dayjs | null | undefined;
    if (value && end && value.isAfter(end, 'day'))
      throw new Error(errorMessage('effective_after_expiry', currentLang()));
  },
});

/**
 * The document date (issue 27: what dates it; timeliness counts from it) is never after today, by the server's own
 * rule (today anywhere on Earth), so the picker and the server agree on the day.
 */
const notFuture = (d: Dayjs) => !isPastOrToday(d.format('YYYY-MM-DD'));
const notFutureRule = (label: string): FormRule => ({
  validator: async (_rule, value: Dayjs | null | undefined) => {
    if (value && notFuture(value)) throw new Error(errorMessage('not_in_future', currentLang(), { field: label }));
  },
});

/**
 * Effective and expiration dates (in order), the document date and the comment: the same on a new document and on an
 * edit.
 */
export function DatesAndComment() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="effectiveDate"
        label={t('document.field.effectiveDate')}
        dependencies={['expirationDate']}
        rules={[dateOrderRule]}
      >
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="expirationDate" label={t('document.field.expirationDate')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="documentDate"
        label={t('document.field.documentDate')}
        extra={t('document.field.documentDateHelp')}
        rules={[notFutureRule(t('document.field.documentDate'))]}
      >
        <DatePicker style={{ width: '100%' }} disabledDate={notFuture} />
      </Form.Item>
      <Form.Item name="comment" label={t('document.field.comment')}>
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
    </>
  );
}
