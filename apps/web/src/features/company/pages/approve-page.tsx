import { useState } from 'react';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Table, Tabs, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApprovalStatus } from '@edoc/contract/enums';
import { formatDateTime } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { RejectModal } from '../components/reject-modal';
import type { RegistrationItem as ApprovalItem } from '@edoc/contract/registration';
import { useApprovals, useDecideApproval } from '../api';

const TABS = [
  { status: ApprovalStatus.Pending, key: 'approve.tabPending' },
  { status: ApprovalStatus.Passed, key: 'approve.tabPassed' },
  { status: ApprovalStatus.Rejected, key: 'approve.tabRejected' },
] as const;

type Status = (typeof TABS)[number]['status'];

function parseStatus(raw: string | null): Status {
  return TABS.find((tab) => String(tab.status) === raw)?.status ?? ApprovalStatus.Pending;
}

function ApprovalTable({ status }: { status: Status }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListState();
  const [rejecting, setRejecting] = useState<ApprovalItem | undefined>();

  const approvals = useApprovals(null, { status, pageNum: list.pageNum, pageSize: list.pageSize });
  const rows = approvals.data?.data ?? [];

  const decide = useDecideApproval(null);
  const decideOn = (user: ApprovalItem, reason?: string) =>
    decide.mutate(
      { user, body: reason === undefined ? { pass: true } : { pass: false, reason } },
      {
        onSuccess: () => {
          void message.success(
            reason === undefined
              ? t('approve.passed', { name: user.userName })
              : t('approve.rejected', { name: user.userName }),
          );
          setRejecting(undefined);
          list.stepBackIfEmpty(rows.length);
        },
      },
    );

  const columns: TableProps<ApprovalItem>['columns'] = [
    { title: t('fields.userName'), dataIndex: 'userName' },
    { title: t('fields.email'), dataIndex: 'email' },
    { title: t('fields.mobile'), dataIndex: 'mobile', width: 140 },
    { title: t('approve.registeredAt'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
  ];
  if (status !== ApprovalStatus.Pending) {
    columns.push({ title: t('approve.decidedAt'), dataIndex: 'decidedAt', width: 160, render: formatDateTime });
  }
  if (status === ApprovalStatus.Rejected) {
    columns.push({ title: t('fields.reason'), dataIndex: 'approvalReason', ellipsis: true });
  }
  if (status === ApprovalStatus.Pending) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      render: (_: unknown, user) => (
        <Space size="small">
          <Button
            id={`approve-pass-${user.userId}`}
            type="link"
            size="small"
            icon={<CheckOutlined />}
            loading={decide.isPending && decide.variables?.user.userId === user.userId && decide.variables.body.pass}
            onClick={() => decideOn(user)}
          >
            {t('approve.pass')}
          </Button>
          <Button
            id={`approve-reject-${user.userId}`}
            type="link"
            size="small"
            danger
            icon={<CloseOutlined />}
            onClick={() => setRejecting(user)}
          >
            {t('approve.reject')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <>
      <Table<ApprovalItem>
        id={`approve-table-${status}`}
        rowKey="userId"
        size="middle"
        loading={approvals.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={list.pagination(approvals.data?.total)}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={status === ApprovalStatus.Pending ? t('approve.emptyPending') : t('approve.empty')}
            />
          ),
        }}
      />
      <RejectModal
        open={rejecting !== undefined}
        userName={rejecting?.userName}
        loading={decide.isPending}
        onReject={(reason) => rejecting && decideOn(rejecting, reason)}
        onClose={() => setRejecting(undefined)}
      />
    </>
  );
}

/** SPEC §2 /company/approve: registrations of external users waiting for, or given, a decision. */
export function ApprovePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  return (
    <Card title={t('menu.company.approve')} variant="borderless">
      <Tabs
        id="approve-tabs"
        activeKey={String(status)}
        // The tab is in the address so the back button returns to the previous one.
        onChange={(key) => setParams({ status: key })}
        destroyOnHidden
        items={TABS.map((tab) => ({
          key: String(tab.status),
          label: t(tab.key),
          children: <ApprovalTable status={tab.status} />,
        }))}
      />
    </Card>
  );
}
