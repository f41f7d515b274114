import { Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EXPECTED_OFFSET_MAX,
  EXPECTED_RECURRENCES,
  type ExpectedRecurrence,
  type ExpectedRule,
} from '@edoc/contract/expected';
import { milestoneTypeName, type MilestoneType } from '@edoc/contract/milestone';
import { TMF_LEVELS, type TmfLevel } from '@edoc/contract/tmf-model';
import { fieldMessage } from '../../../lib/form-rules';
import { useMilestoneTypes } from '../api';

/** One level's rule as the dialog edits it: no milestone is "no due date" (a document expected once, undated). */
export interface RuleValues {
  milestoneCode?: string | null;
  offsetDays?: number | null;
  recurrence?: ExpectedRecurrence;
}
export type RulesValues = Partial<Record<TmfLevel, RuleValues>>;

/** The artifact's rules as the form holds them, by level; a level without one reads "once", no milestone. */
export const rulesToValues = (rules: ExpectedRule[] | undefined): RulesValues =>
  Object.fromEntries(
    TMF_LEVELS.map((level) => {
      const r = rules?.find((x) => x.level === level);
      return [
        level,
        {
          milestoneCode: r?.milestoneCode ?? null,
          offsetDays: r?.offsetDays ?? null,
          recurrence: r?.recurrence ?? 'once',
        },
      ];
    }),
  );

/**
 * The rules to send: one per level the artifact applies at that says something (a milestone, an offset or a
 * recurrence); a level left at its defaults sends none, which the server reads the same way.
 */
export function valuesToRules(values: RulesValues | undefined, levels: TmfLevel[]): ExpectedRule[] {
  return levels.flatMap((level) => {
    const v = values?.[level];
    const rule: ExpectedRule = {
      level,
      milestoneCode: v?.milestoneCode || null,
      offsetDays: v?.offsetDays ?? 0,
      recurrence: v?.recurrence ?? 'once',
    };
    return rule.milestoneCode || rule.offsetDays !== 0 || rule.recurrence !== 'once' ? [rule] : [];
  });
}

const typeLabel = (type: MilestoneType, lang: string, levelName: string) =>
  `${milestoneTypeName(type, lang)} (${levelName})`;

/** "Site: 30 days after Site activated, monthly" — a rule in words, for the artifact table (drafts and published). */
export function useRuleText() {
  const { t, i18n } = useTranslation();
  const types = useMilestoneTypes();
  return (rule: ExpectedRule) => {
    const type = types.data?.find((m) => m.code === rule.milestoneCode);
    const milestone = type ? milestoneTypeName(type, i18n.language) : rule.milestoneCode;
    const when = !milestone
      ? t('tmfModel.rule.noDue')
      : rule.offsetDays === 0
        ? t('tmfModel.rule.on', { milestone })
        : t(
            `tmfModel.rule.${rule.offsetDays < 0 ? 'before' : 'after'}${Math.abs(rule.offsetDays) === 1 ? 'One' : ''}`,
            {
              milestone,
              count: Math.abs(rule.offsetDays),
            },
          );
    const recurrence =
      rule.recurrence === 'once' ? '' : `${t('tmfModel.listSep')}${t(`tmfModel.recurrence.${rule.recurrence}`)}`;
    return t('tmfModel.rule.line', { level: t(`tmfModel.level.${rule.level}`), when, recurrence });
  };
}

/**
 * When a document of the artifact is due, per level it applies at (issue 27 part 4): the milestone of the place it
 * hangs on (or none), days before (negative) or after it, and whether it recurs.
 */
export function ArtifactRules({ levels }: { levels: TmfLevel[] }) {
  const { t, i18n } = useTranslation();
  const types = useMilestoneTypes();
  const options = (types.data ?? []).map((m) => ({
    value: m.code,
    label: typeLabel(m, i18n.language, t(`tmfModel.level.${m.level}`)),
  }));
  if (levels.length === 0) return null;
  return (
    <section aria-labelledby="tmf-artifact-rules-title">
      <Typography.Text strong id="tmf-artifact-rules-title">
        {t('tmfModel.rule.title')}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('tmfModel.rule.hint')}
      </Typography.Paragraph>
      {levels.map((level) => {
        const levelName = t(`tmfModel.level.${level}`);
        const id = (part: string) => `tmf-rule-${level}-${part}`;
        return (
          <Row gutter={12} key={level} align="top">
            <Col xs={24} md={10}>
              <Form.Item
                name={['rules', level, 'milestoneCode']}
                label={t('tmfModel.rule.milestoneOf', { level: levelName })}
                htmlFor={id('milestone')}
              >
                <Select<string>
                  id={id('milestone')}
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  loading={types.isFetching}
                  placeholder={t('tmfModel.rule.noMilestone')}
                  options={options}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={7}>
              <Form.Item
                name={['rules', level, 'offsetDays']}
                label={t('tmfModel.rule.offsetOf', { level: levelName })}
                htmlFor={id('offset')}
                rules={[
                  {
                    type: 'integer',
                    min: -EXPECTED_OFFSET_MAX,
                    max: EXPECTED_OFFSET_MAX,
                    message: fieldMessage('invalid_value', 'rules'),
                  },
                ]}
              >
                <InputNumber<number> id={id('offset')} precision={0} style={{ width: '100%' }} placeholder="0" />
              </Form.Item>
            </Col>
            <Col xs={12} md={7}>
              <Form.Item
                name={['rules', level, 'recurrence']}
                label={t('tmfModel.rule.recurrenceOf', { level: levelName })}
                htmlFor={id('recurrence')}
              >
                <Select<ExpectedRecurrence>
                  id={id('recurrence')}
                  options={EXPECTED_RECURRENCES.map((r) => ({ value: r, label: t(`tmfModel.recurrence.${r}`) }))}
                />
              </Form.Item>
            </Col>
          </Row>
        );
      })}
    </section>
  );
}
