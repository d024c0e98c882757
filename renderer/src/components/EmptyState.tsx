import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A designed "nothing here yet": what the place is for and the one action that fills it. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" data-state="empty" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      <Title order={3}>{title}</Title>
      {children && (
        <Text c="dimmed" maw={440}>
          {children}
        </Text>
      )}
      {action}
    </Stack>
  );
}
