// The colour-scheme control's popover (Light / Dark / Auto), loaded with the shell's late parts
// (src/app/shell/late.ts): ColourSchemePicker shows its button alone until then.
import type { ReactNode } from 'react';
import { Button, Popover, Stack, Text, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { SCHEME_LABELS } from './ColourSchemePicker';

export function ColourSchemePopover({
  button,
  opened,
  onChange,
}: {
  button: ReactNode;
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Popover
      opened={opened}
      onChange={onChange}
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
                onChange(false);
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
