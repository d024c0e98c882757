import { Anchor, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { safeExternalUrl } from './externalUrl';

/**
 * A link to the outside world; main opens it in the system browser. Non-https targets, and with
 * `domain` targets elsewhere than that domain, stay text.
 */
export function ExternalLink({
  href,
  domain,
  children,
}: {
  href: string;
  domain?: string;
  children?: ReactNode;
}) {
  const url = safeExternalUrl(href, domain);
  if (!url) return <Text span>{children ?? href}</Text>;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer">
      {children ?? href} <IconExternalLink size={12} style={{ verticalAlign: 'middle' }} />
    </Anchor>
  );
}
