import { Card, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A console list: striped table in a bordered card (`card: false`: without it), scrolling sideways below `minWidth`; `head` names the columns ('' for an unnamed one). */
export function ConsoleTable({ minWidth, testId, head, children, card = true }: { minWidth: number; testId: string; head: string[]; children: ReactNode; card?: boolean }) {
  const table = (
    <Table.ScrollContainer minWidth={minWidth} mt={card ? undefined : 'sm'}>
      <Table striped fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return card ? (
    <Card withBorder padding={0}>
      {table}
    </Card>
  ) : (
    table
  );
}
