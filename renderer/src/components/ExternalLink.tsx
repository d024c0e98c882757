import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { linkTarget } from './externalUrl';
import { RespondentText } from './RespondentText';
import { shownLine, tooltipOf } from './respondentText';

/**
 * A link to the outside world; main opens it in the system browser. The link reads as where it
 * goes: the normalised address, its host in ASCII and set apart, international hosts flagged,
 * and the text as typed beside it when that reads otherwise. `children` names the link beside
 * the address. Non-https targets, and with `domain` targets elsewhere than that domain, stay text.
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
  const target = linkTarget(href, domain);
  if (!target) return children ? <Text span>{children}</Text> : <RespondentText text={href} />;
  return (
    <Stack gap={2} style={{ minWidth: 0 }} data-link-host={target.host}>
      <Group gap={6} wrap="wrap" align="baseline">
        {children && (
          <Text span size="sm">
            {children}
          </Text>
        )}
        <Anchor
          href={target.href}
          target="_blank"
          rel="noreferrer"
          size="sm"
          title={tooltipOf(target.href)}
          style={{ overflowWrap: 'anywhere' }}
        >
          https://<strong>{target.host}</strong>
          {shownLine(target.rest)}{' '}
          <IconExternalLink size={12} style={{ verticalAlign: 'middle' }} aria-hidden />
        </Anchor>
        {target.international && (
          <Badge
            size="xs"
            variant="light"
            color="orange"
            tt="none"
            title="The host has letters outside ASCII, shown as the browser sends them (xn--…): some look like others."
          >
            international host
          </Badge>
        )}
      </Group>
      {!children && target.typedDiffers && (
        <Text span size="xs" c="dimmed">
          typed as <RespondentText text={href} oneLine />
        </Text>
      )}
    </Stack>
  );
}
