import { Table } from '@mantine/core';

export interface ReceiptLine {
  key: string;
  label: string;
  value: string;
  strong?: boolean | undefined;
  /** A detail line under the one before (a denomination of a count). */
  indent?: boolean | undefined;
}

/** A receipt's lines (300px drawer report, kiosk collection slip): the label left, the amount right. */
export function ReceiptLines({ lines }: { lines: readonly ReceiptLine[] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="sm">
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.key} data-line={l.key}>
            <Table.Th scope="row" fw={l.strong ? 700 : 400} style={{ textAlign: 'left', paddingRight: 8, paddingLeft: l.indent ? 12 : 0 }}>
              {l.label}
            </Table.Th>
            <Table.Td fw={l.strong ? 700 : 400} style={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {l.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
