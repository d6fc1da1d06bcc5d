import { Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../money/units';
import { countTotalCents, denominationCents, denominationLabel, parsePieces, type PieceCounts } from './denominations';

interface DenominationCountProps {
  denominations: readonly string[];
  coinSign: string;
  pieces: PieceCounts;
  onChange: (pieces: PieceCounts) => void;
}

/**
 * Counting cash by denomination (initial amount, shift close, force close): one line per bill or
 * coin of the store, the pieces typed, each subtotal and the total computed as the cashier types.
 */
export function DenominationCount({ denominations, coinSign, pieces, onChange }: DenominationCountProps) {
  const { t } = useTranslation('drawer');
  const sum = countTotalCents(pieces, denominations);
  return (
    <Stack gap={4} data-testid="denominations">
      <SimpleGrid cols={3} spacing={6} verticalSpacing={4} style={{ alignItems: 'center' }}>
        <Text size="xs" fw={600}>
          {t('count.denomination')}
        </Text>
        <Text size="xs" fw={600}>
          {t('count.pieces')}
        </Text>
        <Text size="xs" fw={600} ta="right">
          {t('count.subtotal')}
        </Text>
        {denominations.map((d) => {
          const n = parsePieces(pieces[d]);
          const label = denominationLabel(d, coinSign);
          return [
            <Text key={`${d}-l`} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {label}
            </Text>,
            <TextInput
              key={`${d}-i`}
              size="xs"
              inputMode="numeric"
              autoComplete="off"
              aria-label={t('count.piecesOf', { denomination: label })}
              value={pieces[d] ?? ''}
              onChange={(e) => onChange({ ...pieces, [d]: e.currentTarget.value })}
              error={n === null}
              data-denomination={d}
            />,
            <Text key={`${d}-s`} size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {n === null ? '-' : formatCents(denominationCents(d) * n, coinSign)}
            </Text>,
          ];
        })}
      </SimpleGrid>
      <Group justify="space-between" mt={4}>
        <Text fw={700}>{t('count.sum')}</Text>
        <Text fw={700} data-testid="count-sum" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {sum === null ? '-' : formatCents(sum, coinSign)}
        </Text>
      </Group>
    </Stack>
  );
}
