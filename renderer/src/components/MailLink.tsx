import { Anchor } from '@mantine/core';
import { mailtoUrl } from './externalUrl';
import { RespondentText } from './RespondentText';

/** A respondent's e-mail address: a mail link when it is a plain address, text otherwise. */
export function MailLink({ email }: { email: string }) {
  const url = mailtoUrl(email);
  if (!url) return <RespondentText text={email} oneLine />;
  return (
    <Anchor href={url} size="sm">
      <bdi>{email}</bdi>
    </Anchor>
  );
}
