import { SegmentedControl, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';

/** Follow the OS (the default), or pin light or dark; Mantine remembers the choice locally. */
export function ColorSchemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      aria-label="Appearance"
      style={{ alignSelf: 'flex-start' }}
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={[
        { value: 'auto', label: 'Follow system' },
        { value: 'light', label: 'Light' },
        { value: 'dark', label: 'Dark' },
      ]}
    />
  );
}
