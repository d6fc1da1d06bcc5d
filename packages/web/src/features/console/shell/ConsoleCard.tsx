import { Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConsoleCardProps {
  title: ReactNode;
  /** Beside the title, at the right (a state badge). */
  badge?: ReactNode;
  /** A dimmed line under the title. */
  hint?: ReactNode;
  /** The space under the title when neither badge nor hint follows it. */
  titleGap?: 'xs' | 'sm';
  testId?: string | undefined;
  children: ReactNode;
}

/** THE frame of a console card: a bordered card with its section title, an optional badge beside it and a hint under it. */
export function ConsoleCard({ title, badge, hint, titleGap = 'xs', testId, children }: ConsoleCardProps) {
  const heading = (
    <Title order={2} fz="h4" mb={badge === undefined && hint === undefined ? titleGap : undefined}>
      {title}
    </Title>
  );
  return (
    <Card withBorder padding="md" data-testid={testId}>
      {badge === undefined ? (
        heading
      ) : (
        <Group justify="space-between" wrap="wrap" gap="xs">
          {heading}
          {badge}
        </Group>
      )}
      {hint !== undefined && (
        <Text fz="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      {children}
    </Card>
  );
}
