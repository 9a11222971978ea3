// The header's colour-scheme button: a small popover with Light / Dark / Auto (as the system), the current one
// pressed. A popover of three buttons rather than Mantine's Menu, which would add ~9 KB gzip (its own code and
// Floating UI's interactions) to the signed-in shell for this one control.
import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Popover,
  Stack,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { MoonIcon, SunIcon } from '../../ui/icons';
import { useIdle } from './idle';

export const SCHEME_LABELS: Record<MantineColorScheme, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'Auto (as the system)',
};

export function ColourSchemePicker() {
  const [opened, setOpened] = useState(false);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const label = `Colour scheme: ${SCHEME_LABELS[colorScheme]}`;
  // The popover (Floating UI's references, its dropdown's portal) once the page is idle (src/app/shell/idle.ts).
  const withPopover = useIdle();
  const button = (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setOpened((o) => !o)}
    >
      {scheme === 'dark' ? <MoonIcon /> : <SunIcon />}
    </ActionIcon>
  );
  if (!withPopover) return button;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withinPortal
      trapFocus
      returnFocus
      shadow="md"
    >
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown p={6} aria-label="Colour scheme">
        <Stack gap={2} role="group" aria-labelledby="pm-colour-scheme-label">
          <Text id="pm-colour-scheme-label" size="xs" c="dimmed" fw={500} px="xs" pt={4} pb={2}>
            Colour scheme
          </Text>
          {(Object.keys(SCHEME_LABELS) as MantineColorScheme[]).map((value) => (
            <Button
              key={value}
              variant={colorScheme === value ? 'light' : 'subtle'}
              color={colorScheme === value ? undefined : 'gray'}
              justify="space-between"
              size="sm"
              aria-pressed={colorScheme === value}
              rightSection={colorScheme === value ? <span aria-hidden="true">✓</span> : undefined}
              onClick={() => {
                setColorScheme(value);
                setOpened(false);
              }}
            >
              {SCHEME_LABELS[value]}
            </Button>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
