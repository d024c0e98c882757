import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RespondentText } from '../../components/RespondentText';

/**
 * A labelled line of the detail drawer: a small label, then the value. A value given as text may
 * come from a respondent (a payer's e-mail, a booking's name), so it is drawn as theirs.
 */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="baseline">
      <Text span size="xs" c="dimmed" w={96} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        {typeof children === 'string' ? <RespondentText text={children} /> : children}
      </Group>
    </Group>
  );
}
