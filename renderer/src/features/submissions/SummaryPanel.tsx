import { Box, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { type BarShapeProps } from 'recharts';
import { type AnswerFilter } from '../../../../electron/shared/contract/submissions';
import { type SubmissionSummary } from '../../../../electron/shared/contract/summary';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { COUNT_AXIS } from './countAxis';
import { type SubmissionQuery } from './queryInput';
import { QuestionSummaryCard } from './QuestionSummaryCard';
import { bucketDates, filterFor } from './summaryFilters';
import { SummaryBars } from './SummaryBars';
import { SummaryCopyMenu } from './SummaryCopyMenu';
import { timelineTable } from './summaryTable';
import { bucketLabel, countOf, figure, money } from './summaryWords';
import { useSummary } from './useSummary';

const BUCKET_WORD = { day: 'day', week: 'week', month: 'month' } as const;

/**
 * What the answers of the current view say, one card per question, from the cache alone. A click
 * on an answer's bar adds it to the view's filters, a click on a bar of the timeline narrows the
 * view to its day, week or month: the table and every chart here follow.
 */
export default function SummaryPanel({
  query,
  onFilter,
  onDates,
  onShowRows,
}: {
  query: SubmissionQuery;
  /** Shows the table of the view's rows: offered when filters narrow the view. */
  onShowRows?: () => void;
  onFilter: (filter: AnswerFilter) => void;
  onDates: (range: { after: string; before: string }) => void;
}) {
  const summary = useSummary(query);
  if (summary.isPending) return <LoadingState rows={4} height={160} label="Summing up answers" />;
  if (summary.isError && !summary.data)
    return <ErrorAlert error={summary.error} onRetry={() => void summary.refetch()} />;
  const data = summary.data!;
  return (
    <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid="summary-panel">
      <Stack gap="md" pb="md">
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="summary-total">
            Summary of {countOf(data.total, 'submission')}
          </Text>
          {summary.isFetching && <Loader size={12} aria-label="Updating the summary" />}
          {onShowRows && data.total > 0 && (
            <Button variant="light" size="compact-sm" onClick={onShowRows}>
              See these {countOf(data.total, 'submission')}
            </Button>
          )}
        </Group>
        <Overview summary={data} onDates={onDates} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {data.questions.map((question) => (
            <QuestionSummaryCard
              key={question.key}
              question={question}
              total={data.total}
              onPick={(pick) => onFilter(filterFor(question, pick))}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

type TimelinePoint = SubmissionSummary['timeline']['points'][number] & { label: string };
const STATUS_WORDS = { finished: 'finished', inProgress: 'in progress' } as const;

/** Submissions over time, then the quiz and payments where the form has them. */
function Overview({
  summary,
  onDates,
}: {
  summary: SubmissionSummary;
  onDates: (range: { after: string; before: string }) => void;
}) {
  const { timeline, quiz, payments } = summary;
  const pick = (point: TimelinePoint) => onDates(bucketDates(point.start, timeline.bucket));
  const finished = timeline.points.reduce((n, p) => n + p.finished, 0);
  const inProgress = timeline.points.reduce((n, p) => n + p.inProgress, 0);
  const described = `${countOf(finished, 'finished submission')} and ${countOf(inProgress, 'submission')} in progress under these filters`;
  return (
    <SimpleGrid cols={{ base: 1, lg: quiz || payments.length > 0 ? 2 : 1 }} spacing="md">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div>
            <Title order={3} fz="md">
              Submissions per {BUCKET_WORD[timeline.bucket]}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {described}
            </Text>
          </div>
          <SummaryCopyMenu
            name={`Submissions per ${BUCKET_WORD[timeline.bucket]}`}
            subtitle={described}
            table={timelineTable(timeline)}
          />
        </Group>
        <BarChart
          h={200}
          data={timeline.points.map((p) => ({
            ...p,
            label: bucketLabel(p.start, timeline.bucket),
          }))}
          dataKey="label"
          type="stacked"
          withLegend
          tickLine="none"
          gridAxis="y"
          yAxisProps={COUNT_AXIS}
          series={[
            { name: 'finished', label: 'Finished', color: 'teal.6' },
            { name: 'inProgress', label: 'In progress', color: 'yellow.6' },
          ]}
          // Each segment is a button that narrows the view to its bucket of time.
          barProps={(series) => ({
            shape: (bar: BarShapeProps) => {
              const point = bar.payload as TimelinePoint;
              const status = series.name as keyof typeof STATUS_WORDS;
              return (
                <rect
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={Math.max(bar.height, 0)}
                  fill={bar.fill}
                  role="button"
                  tabIndex={0}
                  cursor="pointer"
                  aria-label={`Show the submissions of ${point.label} (${countOf(point[status], `${STATUS_WORDS[status]} submission`)})`}
                  data-timeline-bucket={point.start}
                  onClick={() => pick(point)}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    pick(point);
                  }}
                />
              );
            },
          })}
        />
      </Card>
      {(quiz || payments.length > 0) && (
        <Stack gap="md">
          {quiz && (
            <Card withBorder radius="md" padding="md">
              <Title order={3} fz="md">
                Quiz scores
              </Title>
              <Text size="sm" c="dimmed" mb="xs">
                Average {figure(quiz.average)}
                {quiz.maxScore !== null ? ` of ${figure(quiz.maxScore)}` : ''} over{' '}
                {countOf(quiz.answered, 'scored submission')}
              </Text>
              <SummaryBars
                label="Quiz scores"
                bars={quiz.distribution.map((d) => ({
                  name: countOf(d.value, 'point'),
                  value: d.count,
                }))}
                format={(n) => countOf(n, 'submission')}
                color="violet"
              />
            </Card>
          )}
          {payments.length > 0 && (
            <Card withBorder radius="md" padding="md">
              <Title order={3} fz="md">
                Payments
              </Title>
              <Stack gap={4} mt="xs">
                {payments.map((p) => (
                  <Group key={p.currency} justify="space-between">
                    <Text size="sm">{countOf(p.count, 'payment')}</Text>
                    <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {money(p.sum, p.currency)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Card>
          )}
        </Stack>
      )}
    </SimpleGrid>
  );
}
