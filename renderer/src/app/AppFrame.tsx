import { AppShell, Burger, Group, NavLink, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconInbox } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { WorkspaceSwitcher } from '../features/workspaces/WorkspaceSwitcher';
import { useCurrentWorkspace } from '../features/workspaces/useWorkspaces';
import { LoadingState } from '../components/LoadingState';
import { ErrorBoundary } from './ErrorBoundary';
import { sections } from './sections';
import { SyncIndicator } from './SyncIndicator';
import { HOME_SECTION, useAppLocation } from './useAppLocation';

/** The window around every screen: header with workspace and connection, navigation, content. */
export function AppFrame() {
  const [navOpen, { toggle, close }] = useDisclosure();
  const { section: sectionId, go } = useAppLocation();
  const workspace = useCurrentWorkspace();
  const section =
    sections.find((s) => s.id === sectionId) ?? sections.find((s) => s.id === HOME_SECTION);

  // The title is what the OS shows in the task switcher and window list: name where you are.
  useEffect(() => {
    document.title = [section?.label, workspace?.name, 'Formdesk'].filter(Boolean).join(' · ');
  }, [section?.label, workspace?.name]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <ThemeIcon variant="filled" size="md" radius="md" aria-hidden>
              <IconInbox size={18} />
            </ThemeIcon>
            <Text fw={700} visibleFrom="xs">
              Formdesk
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {/* The submissions screen shows its form's own sync state and button instead. */}
            {workspace && section?.id !== 'submissions' && (
              <SyncIndicator workspaceId={workspace.id} />
            )}
            <WorkspaceSwitcher />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Sections">
        {sections.map((s) => (
          <NavLink
            key={s.id}
            href={`#/${s.id}`}
            label={s.label}
            leftSection={<s.icon size={18} stroke={1.6} />}
            active={s.id === section?.id}
            aria-current={s.id === section?.id ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault();
              go(s.id);
              close();
            }}
          />
        ))}
      </AppShell.Navbar>

      <AppShell.Main data-section={section?.id}>
        <ErrorBoundary resetKey={section?.id}>
          <Suspense
            fallback={<LoadingState label={`Opening ${section?.label ?? 'the section'}`} />}
          >
            {section?.element}
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
