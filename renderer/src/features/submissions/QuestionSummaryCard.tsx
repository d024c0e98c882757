import { Blockquote, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { formatCalculation } from '../../../../electron/shared/answers/calculationValue';
import { type QuestionSummary } from '../../../../electron/shared/contract/summary';
import { RelativeTime } from '../../components/RelativeTime';
import { shownLine, tooltipOf } from '../../components/respondentText';
import { COUNT_AXIS } from './countAxis';
import { SummaryCopyMenu } from './SummaryCopyMenu';
import { summaryTable } from './summaryTable';
import { type SummaryPick } from './summaryFilters';
import { SummaryBars, type SummaryBar } from './SummaryBars';
import { answeredLine, bucketLabel, countOf, figure, percent } from './summaryWords';

/** A latest answer is three lines at most: what it is cut to before the clamp. */
const LATEST_CHARACTERS = 600;

type Pick = (pick: SummaryPick) => void;

/** One question of the form: its name, how many answered, and a chart by what the question asks. */
export function QuestionSummaryCard({
  question,
  total,
  onPick,
}: {
  question: QuestionSummary;
  total: number;
  onPick: Pick;
}) {
  const answered = answeredLine(question.answered, total);
  return (
    <Card withBorder radius="md" padding="md" data-summary-question={question.key}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div>
            <Title order={3} fz="md" lineClamp={2}>
              {question.name || question.key}
            </Title>
            <Text size="sm" c="dimmed">
              {answered}
            </Text>
          </div>
          {question.answered > 0 && (
            <SummaryCopyMenu
              name={question.name || question.key}
              subtitle={answered}
              table={summaryTable(question)}
            />
          )}
        </Group>
        {question.answered > 0 && <Figures question={question} onPick={onPick} />}
      </Stack>
    </Card>
  );
}

function Figures({ question: q, onPick }: { question: QuestionSummary; onPick: Pick }) {
  // A bar no submission is behind would narrow the table to nothing: it is not a button.
  const clickable = (count: number, what: string, pick: SummaryPick): Partial<SummaryBar> =>
    count === 0
      ? {}
      : {
          onPick: () => onPick(pick),
          pickLabel: `Show the ${countOf(count, 'submission')} ${what}`,
        };
  const valueBar = (name: string, count: number, pick: string): SummaryBar => ({
    name,
    value: count,
    ...clickable(count, `that answered “${name}”`, { kind: 'value', value: pick }),
  });
  const shareOf = (of: number) => (n: number) => `${figure(n)} · ${percent(n, of)}`;

  switch (q.kind) {
    case 'choice': {
      const bars = q.options.map((o) => valueBar(o.value, o.count, o.value));
      if (q.other > 0) bars.push({ name: 'Other answers', value: q.other });
      return (
        <>
          <SummaryBars label={q.name} bars={bars} format={shareOf(q.answered)} />
          {q.multiple && (
            <Text size="xs" c="dimmed">
              Several options could be picked, so the shares add up to more than 100%.
            </Text>
          )}
        </>
      );
    }
    case 'rating': {
      const stars = q.type === 'StarRating';
      const bars = q.distribution.map((d) => ({
        name: stars ? countOf(d.value, 'star') : String(d.value),
        value: d.count,
        ...clickable(d.count, `that gave ${stars ? countOf(d.value, 'star') : d.value}`, {
          kind: 'number',
          from: d.value,
          to: d.value,
          last: true,
        }),
      }));
      return (
        <>
          <Group gap="lg">
            {q.average !== null && <Stat label="Average" value={figure(q.average)} />}
            {q.nps && (
              <Stat
                label="Net Promoter Score"
                value={`${q.nps.score > 0 ? '+' : ''}${q.nps.score}`}
                hint={`${countOf(q.nps.promoters, 'promoter')}, ${countOf(q.nps.passives, 'passive')}, ${countOf(q.nps.detractors, 'detractor')}`}
              />
            )}
          </Group>
          <SummaryBars label={q.name} bars={bars} format={shareOf(q.answered)} color="grape" />
        </>
      );
    }
    case 'number': {
      // A duration counts seconds: read as minutes and seconds.
      const shown =
        q.type === 'Calculation:duration'
          ? (n: number) => formatCalculation('duration', String(n))
          : figure;
      const bars = q.histogram.map((bin, i) => {
        const name =
          bin.from === bin.to ? shown(bin.from) : `${shown(bin.from)} – ${shown(bin.to)}`;
        return {
          name,
          value: bin.count,
          ...clickable(bin.count, `with ${name}`, {
            kind: 'number',
            from: bin.from,
            to: bin.to,
            last: i === q.histogram.length - 1,
          }),
        };
      });
      return (
        <>
          <Group gap="lg">
            {q.min !== null && <Stat label="Lowest" value={shown(q.min)} />}
            {q.median !== null && <Stat label="Median" value={shown(q.median)} />}
            {q.max !== null && <Stat label="Highest" value={shown(q.max)} />}
            {q.average !== null && <Stat label="Average" value={shown(q.average)} />}
          </Group>
          <SummaryBars label={q.name} bars={bars} format={shareOf(q.answered)} color="teal" />
        </>
      );
    }
    case 'date': {
      const data = q.points.map((p) => ({
        start: p.start,
        label: bucketLabel(p.start, q.bucket),
        answers: p.count,
      }));
      return (
        <BarChart
          h={180}
          data={data}
          dataKey="label"
          series={[{ name: 'answers', label: 'Answers', color: 'indigo.6' }]}
          tickLine="none"
          gridAxis="y"
          yAxisProps={COUNT_AXIS}
          barProps={{
            cursor: 'pointer',
            onClick: (bar: { payload?: { start?: string } }) => {
              if (bar.payload?.start)
                onPick({ kind: 'bucket', start: bar.payload.start, bucket: q.bucket });
            },
          }}
        />
      );
    }
    case 'matrix':
      return <MatrixGrid question={q} />;
    case 'ranking': {
      const places = q.items.length + 1;
      return (
        <SummaryBars
          label={q.name}
          // Longer bars for better places: the first place scores highest.
          bars={q.items.map((item) => ({ name: item.value, value: places - item.averagePosition }))}
          format={(v) => `average place ${figure(places - v)}`}
          color="orange"
        />
      );
    }
    case 'boolean':
      return (
        <SummaryBars
          label={q.name}
          bars={[valueBar('Yes', q.yes, 'true'), valueBar('No', q.no, 'false')]}
          format={shareOf(q.answered)}
          color="cyan"
        />
      );
    case 'text':
      return (
        <>
          {q.top.length > 0 && (
            <SummaryBars
              label={`Most frequent answers to ${q.name}`}
              bars={q.top.map((t) => valueBar(t.value, t.count, t.value))}
              format={(n) => countOf(n, 'time')}
              color="gray"
            />
          )}
          <Stack gap={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Latest answers
            </Text>
            {q.latest.map((answer) => (
              <Blockquote
                key={answer.submissionId}
                p="xs"
                color="gray"
                styles={{ root: { fontSize: 'var(--mantine-font-size-sm)' } }}
              >
                <Text size="sm" lineClamp={3}>
                  <bdi dir="auto">{shownLine(answer.text, LATEST_CHARACTERS)}</bdi>
                </Text>
                <Text size="xs" c="dimmed">
                  <RelativeTime value={answer.submissionTime} />
                </Text>
              </Blockquote>
            ))}
          </Stack>
        </>
      );
    case 'file':
      return (
        <Stat
          label={q.type === 'Signature' ? 'Signed' : 'Sent a file'}
          value={countOf(q.answered, 'submission')}
        />
      );
  }
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div title={hint}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}

/**
 * A matrix's rows by the column each got, shaded by share. Its cells narrow nothing: no answer
 * filter says "this row got that column" (the answers index keeps a matrix's columns, not which
 * row chose each), and a filter on the column alone would keep rows that did not.
 */
function MatrixGrid({ question }: { question: Extract<QuestionSummary, { kind: 'matrix' }> }) {
  const count = (row: string, column: string) =>
    question.cells.find((c) => c.row === row && c.column === column)?.count ?? 0;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table withTableBorder withColumnBorders fz="sm" aria-label={question.name}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {question.columns.map((column) => (
              <Table.Th key={column} ta="center">
                <bdi dir="auto">{shownLine(column)}</bdi>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {question.rows.map((row) => {
            const rowTotal = question.columns.reduce((n, c) => n + count(row, c), 0);
            return (
              <Table.Tr key={row}>
                <Table.Th scope="row">
                  <bdi dir="auto">{shownLine(row)}</bdi>
                </Table.Th>
                {question.columns.map((column) => {
                  const n = count(row, column);
                  const share = rowTotal === 0 ? 0 : n / rowTotal;
                  return (
                    <Table.Td
                      key={column}
                      ta="center"
                      title={tooltipOf(
                        `${row}: ${countOf(n, 'answer')} “${column}” (${percent(n, rowTotal)})`,
                      )}
                      style={{
                        fontVariantNumeric: 'tabular-nums',
                        background: `color-mix(in srgb, var(--mantine-color-blue-filled) ${Math.round(share * 70)}%, transparent)`,
                      }}
                    >
                      {percent(n, rowTotal)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
