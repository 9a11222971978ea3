// Render helper for component tests: the providers every screen expects (Mantine, react-query, a router).
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { theme } from './app/theme';

export interface ProvidersOptions {
  route?: string;
  queryClient?: QueryClient;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = testQueryClient(), ...options }: ProvidersOptions & RenderOptions = {},
) {
  function Providers({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Providers, ...options }) };
}
