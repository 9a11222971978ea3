import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/** Mantine with the console's theme, as every tree the console renders has it (sign-in, loading, signed in). */
export function ConsoleTheme({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
