import { Badge, Group, Stack, Text } from '@mantine/core';
import { processorField, type PaymentAnswer } from '../../../../electron/shared/api/submission';
import { CopyButton } from '../../components/CopyButton';
import { ExternalLink } from '../../components/ExternalLink';
import { shownLine, tooltipOf } from '../../components/respondentText';
import { Field } from './Field';
import { formatMoney } from '../../../../electron/shared/answers/money';
import { paymentStatusLook } from '../../../../electron/shared/answers/paymentStatus';

function PaymentStatusBadge({ status }: { status: string | undefined }) {
  const look = paymentStatusLook(status);
  return (
    <Badge
      size="sm"
      variant="light"
      color={look.color}
      tt="none"
      title={status ? tooltipOf(status) : undefined}
    >
      {look.label}
    </Badge>
  );
}

function amountOf(payment: PaymentAnswer): string | null {
  const { totalAmount, currency } = payment.value;
  return typeof totalAmount === 'number' ? formatMoney(totalAmount, currency ?? '') : null;
}

/** A table cell: the first payment's amount and status, and how many more there are. */
export function PaymentSummary({ payments }: { payments: PaymentAnswer[] }) {
  const [first] = payments;
  if (!first)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Text span size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {amountOf(first) ?? '—'}
      </Text>
      <PaymentStatusBadge status={first.value.status} />
      {payments.length > 1 && (
        <Text span size="xs" c="dimmed">
          +{payments.length - 1}
        </Text>
      )}
    </Group>
  );
}

/** The processor is Stripe: its dashboard links are only links when they really go there. */
const PROCESSOR_DOMAIN = 'stripe.com';

/** Every field of one payment, with links to the processor's dashboard. */
export function PaymentDetail({ payment }: { payment: PaymentAnswer }) {
  const { value } = payment;
  const customerUrl = processorField(value, 'CustomerUrl');
  const paymentUrl = processorField(value, 'PaymentUrl');
  const subscriptionId = processorField(value, 'SubscriptionId');
  const customerId = processorField(value, 'CustomerId');
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {amountOf(payment) ?? 'No amount'}
        </Text>
        <PaymentStatusBadge status={value.status} />
        {value.discountCode && (
          <Badge size="sm" variant="outline" color="grape" tt="none">
            Code <bdi>{shownLine(value.discountCode)}</bdi>
          </Badge>
        )}
      </Group>
      {value.email && <Field label="Payer">{value.email}</Field>}
      {value.paymentId && (
        <Field label="Payment id">
          <Text span ff="monospace" size="sm">
            {value.paymentId}
          </Text>
          <CopyButton value={value.paymentId} label="Copy payment id" />
        </Field>
      )}
      {customerId && (
        <Field label="Customer">
          {customerUrl ? (
            <ExternalLink href={customerUrl} domain={PROCESSOR_DOMAIN}>
              {customerId}
            </ExternalLink>
          ) : (
            customerId
          )}
        </Field>
      )}
      {paymentUrl && (
        <Field label="Processor">
          <ExternalLink href={paymentUrl} domain={PROCESSOR_DOMAIN}>
            Open payment
          </ExternalLink>
        </Field>
      )}
      {subscriptionId && <Field label="Subscription">{subscriptionId}</Field>}
    </Stack>
  );
}
