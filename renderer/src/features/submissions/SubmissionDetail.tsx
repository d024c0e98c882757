import { Alert, Badge, Code, Divider, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { type Submission } from '../../../../electron/shared/api/submission';
import { AnswerBoundary } from '../../components/AnswerBoundary';
import { CopyButton } from '../../components/CopyButton';
import { MailLink } from '../../components/MailLink';
import { RespondentText } from '../../components/RespondentText';
import { questionTypeLabel } from '../../components/questionTypeLabel';
import { AnswerDisplay } from './AnswerDisplay';
import { describeAnswer } from '../../../../electron/shared/answers/answerModel';
import { displayedAnswer } from './displayedAnswer';
import { formatCalculation } from '../../../../electron/shared/answers/calculationValue';
import { formatDateTime } from '../../../../electron/shared/answers/dateFormat';
import { Field } from './Field';
import { PaymentDetail } from './PaymentDisplay';
import { SchedulingDetail } from './SchedulingDisplay';

/** Fields this view shows in their own sections; anything else the service sends is listed raw. */
const SHOWN = new Set([
  'submissionId',
  'submissionTime',
  'lastUpdatedAt',
  'startedAt',
  'questions',
  'calculations',
  'urlParameters',
  'scheduling',
  'payments',
  'quiz',
  'login',
  'editLink',
  'documents',
]);

/** One part of the drawer; one that cannot be drawn says so and leaves the others standing. */
function Section({ title, raw, children }: { title: string; raw: unknown; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={5} c="dimmed" tt="uppercase" fz="xs" style={{ letterSpacing: 0.5 }}>
        {title}
      </Title>
      <AnswerBoundary raw={raw} what="This section">
        {children}
      </AnswerBoundary>
    </Stack>
  );
}

function documentsOf(submission: Submission): { name: string; url: string }[] {
  const documents = (submission as Record<string, unknown>).documents;
  if (!Array.isArray(documents)) return [];
  return documents.flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const { name, url } = d as Record<string, unknown>;
    return typeof url === 'string' ? [{ name: typeof name === 'string' ? name : url, url }] : [];
  });
}

/** Every field of one submission, rendered for people. */
export function SubmissionDetail({
  submission,
  status,
  isPreview,
  fromCacheNotice,
  search,
}: {
  submission: Submission;
  status: 'finished' | 'in_progress' | null;
  isPreview: boolean;
  /** Set when the server could not be asked: what is shown is the cached copy. */
  fromCacheNotice: string | null;
  search: string;
}) {
  const others = Object.entries(submission).filter(([key]) => !SHOWN.has(key));
  const documents = documentsOf(submission);
  const quiz = submission.quiz;

  return (
    <Stack gap="lg">
      {fromCacheNotice && (
        <Alert color="yellow" variant="light" icon={<IconDatabase size={18} />} data-state="cached">
          {fromCacheNotice}
        </Alert>
      )}
      <Stack gap={6}>
        <Group gap={6}>
          {status && (
            <Badge variant="dot" color={status === 'finished' ? 'teal' : 'orange'} tt="none">
              {status === 'finished' ? 'Finished' : 'In progress'}
            </Badge>
          )}
          {isPreview && (
            <Badge variant="light" color="grape" tt="none">
              Preview response
            </Badge>
          )}
        </Group>
        <Field label="Submission id">
          <Code>{submission.submissionId}</Code>
          <CopyButton value={submission.submissionId} label="Copy submission id" />
        </Field>
        <Field label="Submitted">{formatDateTime(submission.submissionTime)}</Field>
        {submission.lastUpdatedAt && submission.lastUpdatedAt !== submission.submissionTime && (
          <Field label="Last updated">{formatDateTime(submission.lastUpdatedAt)}</Field>
        )}
        {submission.startedAt && (
          <Field label="Started">{formatDateTime(submission.startedAt)}</Field>
        )}
        {submission.login?.email && (
          <Field label="Login e-mail">
            <MailLink email={submission.login.email} />
          </Field>
        )}
        {quiz && (
          <Field label="Quiz score">
            <Text span size="sm" fw={600}>
              {quiz.score} / {quiz.maxScore}
            </Text>
            {quiz.maxScore > 0 && (
              <Progress
                value={(quiz.score / quiz.maxScore) * 100}
                w={120}
                size="sm"
                aria-label="Quiz score"
              />
            )}
          </Field>
        )}
      </Stack>

      <Divider />
      <Section title="Answers" raw={submission.questions}>
        {submission.questions.length === 0 && (
          <Text size="sm" c="dimmed">
            No answers.
          </Text>
        )}
        {submission.questions.map((question) => (
          <Stack key={question.id} gap={2} data-question-type={question.type}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600}>
                {question.name || question.id}
              </Text>
              <Text size="xs" c="dimmed">
                {questionTypeLabel(question.type)}
              </Text>
            </Group>
            <AnswerBoundary raw={question.value}>
              <AnswerDisplay answer={displayedAnswer(question, submission)} search={search} />
            </AnswerBoundary>
          </Stack>
        ))}
      </Section>

      {(submission.calculations?.length ?? 0) > 0 && (
        <Section title="Calculations" raw={submission.calculations}>
          {submission.calculations?.map((c) => (
            <Field key={c.id} label={c.name}>
              <Text
                span
                size="sm"
                ff={c.type === 'number' ? 'monospace' : undefined}
                title={c.type === 'duration' ? `${c.value} s` : undefined}
              >
                <RespondentText text={formatCalculation(c.type, c.value) || '—'} oneLine />
              </Text>
            </Field>
          ))}
        </Section>
      )}

      {(submission.urlParameters?.length ?? 0) > 0 && (
        <Section title="URL parameters" raw={submission.urlParameters}>
          {submission.urlParameters?.map((p) => (
            <Field key={p.id} label={p.name}>
              <Text span size="sm" ff="monospace">
                <RespondentText text={p.value ?? '—'} oneLine />
              </Text>
            </Field>
          ))}
        </Section>
      )}

      {(submission.scheduling?.length ?? 0) > 0 && (
        <Section title="Scheduling" raw={submission.scheduling}>
          {submission.scheduling?.map((entry) => (
            <Stack key={entry.id} gap={4}>
              {entry.name && (
                <Text size="sm" fw={600}>
                  {entry.name}
                </Text>
              )}
              <SchedulingDetail entry={entry} />
            </Stack>
          ))}
        </Section>
      )}

      {(submission.payments?.length ?? 0) > 0 && (
        <Section title="Payments" raw={submission.payments}>
          {submission.payments?.map((payment) => (
            <Stack key={payment.id} gap={4}>
              {payment.name && (
                <Text size="sm" fw={600}>
                  {payment.name}
                </Text>
              )}
              <PaymentDetail payment={payment} />
            </Stack>
          ))}
        </Section>
      )}

      {documents.length > 0 && (
        <Section title="Documents" raw={documents}>
          <AnswerDisplay answer={{ kind: 'files', signature: false, files: documents }} />
        </Section>
      )}

      {others.length > 0 && (
        <Section title="Other fields" raw={Object.fromEntries(others)}>
          {others.map(([key, value]) => (
            <Stack key={key} gap={2}>
              <Text size="sm" fw={600}>
                {key}
              </Text>
              <AnswerBoundary raw={value}>
                <AnswerDisplay answer={describeAnswer('', value)} />
              </AnswerBoundary>
            </Stack>
          ))}
        </Section>
      )}
    </Stack>
  );
}
