// One titled part of a form or a detail view: a bordered section named by its heading.
import { useId, type ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
