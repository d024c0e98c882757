import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WebhookRecord } from '../../../../electron/shared/contract';
import { toErrorShape, useOpMutation } from '../../bridge';
import { adviseOn } from '../../components/errorAdvice';
import { httpStatusWords } from './httpStatusWords';

/**
 * Sends the form's newest submission to the webhook's address as the service would, so a person
 * sees the receiver work without waiting for a respondent, and says what the address answered.
 */
export function TestDeliveryButton({ webhook }: { webhook: WebhookRecord }) {
  const host = URL.parse(webhook.url)?.host ?? webhook.url;
  const send = useOpMutation('webhooks.test', {
    onSuccess: ({ answered }) => {
      const accepted = answered >= 200 && answered < 300;
      notifications.show({
        color: accepted ? 'teal' : 'yellow',
        title: accepted
          ? `Delivered (${httpStatusWords(answered)})`
          : `Refused (${httpStatusWords(answered)})`,
        message: accepted
          ? `${host} received the form's newest submission.`
          : `${host} did not take the form's newest submission: check what the receiver expects at this address.`,
      });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Test delivery not sent',
        message: adviseOn(toErrorShape(error)).sentence,
      }),
  });
  return (
    <Button
      size="xs"
      variant="default"
      loading={send.isPending}
      onClick={() => send.mutate({ id: webhook.id })}
    >
      Send a test delivery
    </Button>
  );
}
