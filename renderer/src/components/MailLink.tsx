import { Anchor, Text } from '@mantine/core';
import { mailtoUrl } from './externalUrl';

/** A respondent's e-mail address: a mail link when it is a plain address, text otherwise. */
export function MailLink({ email }: { email: string }) {
  const url = mailtoUrl(email);
  if (!url)
    return (
      <Text span size="sm">
        {email}
      </Text>
    );
  return (
    <Anchor href={url} size="sm">
      {email}
    </Anchor>
  );
}
