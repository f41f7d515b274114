import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Space, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteSsoRule, useSsoRules } from '../api';
import { RuleDialog } from '../components/rule-dialog';

interface Rule {
  id: number;
  groupName: string;
  projectId: number;
  projectName: string;
  roleCode: string;
}

/**
 * /company/sso (issue 29 part 1): the company administrator's group rules. At each sign-in through the company's
 * provider, a person in a rule's group who is not yet a member of its project becomes one with its role; the page
 * says what the rules do not do (change a membership, or take one away when the group is left).
 */
export function SsoRulesPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const rules = useSsoRules();
  const remove = useDeleteSsoRule();
  const [adding, setAdding] = useState(false);

  const confirmRemove = (r: Rule) =>
    void modal.confirm({
      title: t('sso.ruleDeleteConfirm', { group: r.groupName, project: r.projectName }),
      content: t('sso.ruleDeleteConfirmText'),
      okText: t('sso.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `sso-rule-delete-ok-${r.id}`, danger: true },
      onOk: () =>
        remove
          .mutateAsync(r.id)
          .then(() => void message.success(t('sso.deleted')))
          .catch(() => undefined),
    });

  const columns: TableProps<Rule>['columns'] = [
    { title: t('sso.group'), dataIndex: 'groupName' },
    { title: t('sso.project'), dataIndex: 'projectName' },
    { title: t('sso.role'), dataIndex: 'roleCode' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, r) => (
        <Button
          size="small"
          danger
          id={`sso-rule-delete-${r.id}`}
          // antd spaces a two-character Chinese label (删 除), which then no longer reads as part of the button's name.
          autoInsertSpace={false}
          aria-label={t('sso.ruleDeleteOf', { group: r.groupName, project: r.projectName })}
          onClick={() => confirmRemove(r)}
        >
          {t('sso.delete')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={t('sso.rulesTitle')}
      variant="borderless"
      extra={
        <Button id="sso-rule-create" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('sso.ruleCreate')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('sso.rulesIntro')}
        </Typography.Paragraph>
        <Alert type="info" showIcon title={t('sso.passwordOffWhere')} />
        <Table<Rule>
          id="sso-rule-table"
          rowKey="id"
          size="middle"
          loading={rules.isFetching && !rules.data}
          columns={columns}
          dataSource={rules.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sso.emptyRules')} /> }}
        />
      </Space>
      <RuleDialog open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
