// One titled part of a form or a detail view: a bordered section named by its heading (a landmark region), or
// with `region={false}` only headed — for a part whose title is also a field's label ("Notes"), so the label
// names one thing.
import { useId, type ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

export function FormSection({
  title,
  region = true,
  children,
}: {
  title: string;
  region?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={region ? id : undefined}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
