import type { ReactNode } from 'react';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUALITY_ISSUE_CATEGORIES, type QualityIssueCategory } from '@edoc/contract/quality-issue';
import type { TmfFigures, TmfTarget } from '@edoc/contract/tmf-health';
import type { DrillKind } from '../health-address';
import { formatCount, formatPct } from '../health-format';

interface FigureCardsProps {
  figures: TmfFigures;
  target: TmfTarget;
  onDrill: (kind: DrillKind, category?: QualityIssueCategory) => void;
  /** Shown to the project administrator of an open project: changes the timeliness target. */
  onSetTarget?: () => void;
}

interface DrillLinkProps {
  id: string;
  /** What the button shows. */
  text: string;
  /** What it opens: its name is the text then this, so the name starts with what is seen (WCAG 2.5.3). */
  opens: string;
  big?: boolean;
  onClick: () => void;
}

/** A figure that opens the list behind it: a real button, so it is reached and pressed by keyboard. */
function DrillLink({ id, text, opens, big, onClick }: DrillLinkProps) {
  return (
    <Button
      id={id}
      type="link"
      size="small"
      style={{ padding: 0, height: 'auto', ...(big ? { fontSize: 28, fontWeight: 600 } : {}) }}
      aria-label={`${text}: ${opens}`}
      onClick={onClick}
    >
      {text}
    </Button>
  );
}

function Big({ children }: { children: ReactNode }) {
  return <div style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.3 }}>{children}</div>;
}

/** The four headline figures of the project (or of the chosen country / site), each opening its drill-down. */
export function FigureCards({ figures, target, onDrill, onSetTarget }: FigureCardsProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const pct = (r: number | null) => formatPct(r, lang);
  const n = (v: number | null) => formatCount(v, lang);
  const { timeliness: time, quality } = figures;
  const unit = t(`tmfHealth.unitDays.${target.unit}`);
  const late = time.documents - time.withinTarget;
  const cards = [
    {
      key: 'completeness',
      title: t('tmfHealth.completeness'),
      body: (
        <>
          <Big>{pct(figures.completeness)}</Big>
          <Typography.Text type="secondary">
            {t('tmfHealth.filedOf', { filed: n(figures.filed), expected: n(figures.expected) })}
          </Typography.Text>
          <Typography.Text>
            {t('tmfHealth.dueByToday', {
              pct: pct(figures.completenessDue),
              filed: n(figures.filedDueByToday),
              due: n(figures.dueByToday),
            })}
          </Typography.Text>
          <Flex gap={12} wrap>
            <DrillLink
              id="tmf-card-missing"
              text={t('tmfHealth.missingCount', { n: n(figures.open) })}
              opens={t('tmfHealth.drillOf.missing')}
              onClick={() => onDrill('missing')}
            />
            <DrillLink
              id="tmf-card-filed"
              text={t('tmfHealth.filedCount', { n: n(figures.filed) })}
              opens={t('tmfHealth.drillOf.filed')}
              onClick={() => onDrill('filed')}
            />
            <DrillLink
              id="tmf-card-not-applicable"
              text={t('tmfHealth.notApplicableCount', { n: n(figures.notApplicable) })}
              opens={t('tmfHealth.drillOf.not_applicable')}
              onClick={() => onDrill('not_applicable')}
            />
          </Flex>
        </>
      ),
    },
    {
      key: 'overdue',
      title: t('tmfHealth.overdue'),
      body: (
        <>
          <DrillLink
            id="tmf-card-overdue"
            text={n(figures.overdue)}
            opens={t('tmfHealth.drillOf.overdue')}
            onClick={() => onDrill('overdue')}
            big
          />
          <Typography.Text type="secondary">{t('tmfHealth.overdueHint', { open: n(figures.open) })}</Typography.Text>
        </>
      ),
    },
    {
      key: 'timeliness',
      title: t('tmfHealth.timeliness'),
      body: (
        <>
          <Big>{pct(time.pct)}</Big>
          <Typography.Text type="secondary">{t('tmfHealth.withinTarget', { days: target.days, unit })}</Typography.Text>
          <Typography.Text>
            {t('tmfHealth.medianDays', { days: time.medianDays === null ? '—' : n(time.medianDays) })}
          </Typography.Text>
          <Flex gap={12} wrap>
            <DrillLink
              id="tmf-card-late"
              text={t('tmfHealth.lateCount', { n: n(late) })}
              opens={t('tmfHealth.drillOf.late')}
              onClick={() => onDrill('late')}
            />
            {onSetTarget && (
              <Button id="tmf-target-open" size="small" onClick={onSetTarget}>
                {t('tmfHealth.target.open')}
              </Button>
            )}
          </Flex>
        </>
      ),
    },
    {
      key: 'quality',
      title: t('tmfHealth.quality'),
      body: (
        <>
          <Typography.Text>
            {t('tmfHealth.rejectionRate')}: <strong>{pct(quality.rejectionRate)}</strong>
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('tmfHealth.rejectedOf', { rejected: n(quality.qcRejected), decided: n(quality.qcDecided) })}
          </Typography.Text>
          <Typography.Text>
            {t('tmfHealth.firstTimeRight')}: <strong>{pct(quality.firstTimeRight)}</strong>
          </Typography.Text>
          <DrillLink
            id="tmf-card-issues"
            text={t('tmfHealth.openIssuesCount', { n: n(quality.openIssues) })}
            opens={t('tmfHealth.drillOf.issues')}
            onClick={() => onDrill('issues')}
          />
          {/* Open and resolved issues by category, the ones there are: each opens the issues of that category. */}
          <Flex gap={4} wrap>
            {QUALITY_ISSUE_CATEGORIES.filter((c) => quality.issuesByCategory[c] > 0).map((c) => (
              <Button
                key={c}
                id={`tmf-card-issues-${c}`}
                size="small"
                type="dashed"
                aria-label={`${t(`tmfHealth.category.${c}`)} ${n(quality.issuesByCategory[c])}: ${t('tmfHealth.drillOf.issues')}`}
                onClick={() => onDrill('issues', c)}
              >
                {t(`tmfHealth.category.${c}`)} {n(quality.issuesByCategory[c])}
              </Button>
            ))}
          </Flex>
        </>
      ),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col key={c.key} xs={24} md={12} xl={6}>
          <Card size="small" id={`tmf-card-${c.key}-box`} title={c.title} style={{ height: '100%' }}>
            <Flex vertical gap={4}>
              {c.body}
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
