// The header's colour-scheme button: a small popover with Light / Dark / Auto (as the system), the current one
// pressed. A popover of three buttons rather than Mantine's Menu, which would add ~9 KB gzip (its own code and
// Floating UI's interactions) to the signed-in shell for this one control.
import { useLayoutEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  useComputedColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { escapeCloses } from '../../ui/escapeCloses';
import { MoonIcon, SunIcon } from '../../ui/icons';
import { useLateParts } from './idle';

export const SCHEME_LABELS: Record<MantineColorScheme, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'Auto (as the system)',
};

export function ColourSchemePicker() {
  const [opened, setOpened] = useState(false);
  const { colorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const label = `Colour scheme: ${SCHEME_LABELS[colorScheme]}`;
  // The popover (Floating UI's references, its dropdown's portal) once the page is idle, with its code
  // (src/app/shell/late.ts): until then the button alone, whose click opens the popover as soon as it is there.
  const late = useLateParts();
  // When the popover's code arrives the button is drawn again inside it (a new element): a keyboard user who had
  // the button focused keeps the focus (whether it had it is read before that commit replaces it), and a press
  // made before opens the popover only then, so that it knows where to return the focus when it closes.
  const ref = useRef<HTMLButtonElement>(null);
  const wasLate = useRef(false);
  const refocus = useRef(false);
  const [lateReady, setLateReady] = useState(false);
  if (late && !wasLate.current) {
    wasLate.current = true;
    refocus.current = ref.current !== null && document.activeElement === ref.current;
  }
  useLayoutEffect(() => {
    if (!late) return;
    if (refocus.current) ref.current?.focus();
    refocus.current = false;
    setLateReady(true);
  }, [late]);
  const button = (
    <ActionIcon
      ref={ref}
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setOpened((o) => !o)}
      onKeyDown={escapeCloses(opened, () => setOpened(false))}
    >
      {scheme === 'dark' ? <MoonIcon /> : <SunIcon />}
    </ActionIcon>
  );
  if (!late) return button;
  return <late.ColourSchemePopover button={button} opened={opened && lateReady} onChange={setOpened} />;
}
