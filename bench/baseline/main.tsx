// A minimal Mantine app, the yardstick of the console's sign-in first load (bench/run.ts, part `size`): the
// provider, an AppShell, a Button, a TextInput, a Table, one query and two routes — what any Mantine + React
// Query + React Router console starts from. Styles are imported per component, as the console does
// (src/app/styles/mantineBase.ts), so the comparison is of the same technique.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Table.css';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell, Button, MantineProvider, Table, TextInput } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createBrowserRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router-dom';

function Layout() {
  return (
    <AppShell header={{ height: 48 }} navbar={{ width: 200, breakpoint: 'sm' }} padding="md">
      <AppShell.Header p="sm">Baseline</AppShell.Header>
      <AppShell.Navbar p="sm">
        <Link to="/">Sign in</Link>
        <Link to="/items">Items</Link>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

function SignIn() {
  const [name, setName] = useState('');
  const navigate = useNavigate();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void navigate('/items');
      }}
    >
      <TextInput label="Username" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Button type="submit" mt="md">
        Sign in
      </Button>
    </form>
  );
}

function Items() {
  const { data, isPending } = useQuery({
    queryKey: ['config'],
    queryFn: async () => (await fetch('/config.json')).json() as Promise<Record<string, unknown>>,
  });
  if (isPending) return <p>Loading…</p>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Key</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {Object.entries(data ?? {}).map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Td>{key}</Table.Td>
            <Table.Td>{JSON.stringify(value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const router = createBrowserRouter([
  {
    Component: Layout,
    children: [
      { index: true, Component: SignIn },
      { path: 'items', Component: Items },
    ],
  },
]);
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
