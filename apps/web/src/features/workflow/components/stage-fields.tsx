import { Card, DatePicker, Flex, Form, Select, Switch, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AssigneeCandidates } from '@edoc/contract/workflow-requests';
import { errorMessage } from '@edoc/contract/errors';
import { currentLang } from '../../../lib/i18n';
import { groupValue, userValue } from '../route-values';

type Candidates = AssigneeCandidates[number];

/**
 * One stage of the route: whom it names (people and groups; a group is expanded when sent), whether a signature
 * is required, whether all must act, and an optional due date that cannot lie in the past.
 */
export function StageFields({ candidates }: { candidates: Candidates }) {
  const { t } = useTranslation();
  const stage = String(candidates.stage);
  const label = t(`workflow.assignees.${stage}`);
  // The label is what a chosen tag shows; the list shows who it is (e-mail) or how many a group holds.
  const options = [
    {
      label: t('workflow.send.people'),
      title: 'people',
      options: candidates.users.map((u) => ({
        value: userValue(u.id),
        label: u.name,
        search: `${u.name} ${u.email}`,
      })),
    },
    {
      label: t('workflow.send.groups'),
      title: 'groups',
      options: candidates.groups.map((g) => ({
        value: groupValue(g.id),
        label: g.name,
        search: g.name,
      })),
    },
  ].filter((g) => g.options.length > 0);
  const details = new Map<string, { group: boolean; text: string }>([
    ...candidates.users.map((u) => [userValue(u.id), { group: false, text: u.email }] as const),
    ...candidates.groups.map(
      (g) =>
        [groupValue(g.id), { group: true, text: t('workflow.send.groupMembers', { count: g.memberCount }) }] as const,
    ),
  ]);

  return (
    <Card
      size="small"
      id={`workflow-stage-${stage}`}
      title={t(`workflow.stage.${stage}`)}
      styles={{ header: { background: '#fafafa' } }}
    >
      <Form.Item
        name={['stages', stage, 'assignees']}
        label={label}
        required
        rules={[
          {
            validator: async (_r, v: unknown) => {
              // Worded as the server words it, naming this stage's field.
              if (!Array.isArray(v) || v.length === 0)
                throw new Error(errorMessage('required', currentLang(), { field: t(`workflow.assignees.${stage}`) }));
            },
          },
        ]}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder={t('workflow.send.assigneesPlaceholder')}
          options={options}
          optionFilterProp="search"
          optionRender={(o) => {
            const d = details.get(String(o.value));
            return (
              <Flex justify="space-between" gap={8}>
                <span>
                  {d?.group ? <TeamOutlined /> : <UserOutlined />} {o.label}
                </span>
                <Typography.Text type="secondary">{d?.text}</Typography.Text>
              </Flex>
            );
          }}
          notFoundContent={t('workflow.send.noCandidates')}
        />
      </Form.Item>
      <Flex gap={32} wrap align="center">
        <Form.Item
          name={['stages', stage, 'signatureRequired']}
          label={t('workflow.send.signatureRequired')}
          valuePropName="checked"
          layout="horizontal"
          style={{ marginBottom: 0 }}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name={['stages', stage, 'allMustAct']}
          label={
            <span>
              {t('workflow.send.allMustAct')}{' '}
              <Tooltip title={t('workflow.send.allMustActHelp')}>
                <QuestionCircleOutlined style={{ color: '#8c8c8c' }} />
              </Tooltip>
            </span>
          }
          valuePropName="checked"
          layout="horizontal"
          style={{ marginBottom: 0 }}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name={['stages', stage, 'dueDate']}
          label={t('workflow.send.dueDate')}
          layout="horizontal"
          style={{ marginBottom: 0 }}
        >
          <DatePicker
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            placeholder={t('workflow.send.dueDatePlaceholder')}
          />
        </Form.Item>
      </Flex>
    </Card>
  );
}
