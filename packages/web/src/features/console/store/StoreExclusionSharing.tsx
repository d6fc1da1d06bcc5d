import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';

/**
 * Self-exclusions shared across the store's operator's stores on an ID match (issue 24): whether that
 * operator (the store's distributor, or the platform's own stores) shares them; the admin switches it.
 */
export function StoreExclusionSharing({ kid, canEdit }: { kid: number; canEdit: boolean }) {
  const { t } = useTranslation('console');
  const q = useApiQuery('/operator/exclusionSharing', { kid });
  const write = useWrite();
  const action = useConsoleAction();
  const s = q.data;
  const flip = () => s && action.run(() => write('/operator/exclusionSharingSet', { kid, on: !s.on }), t(s.on ? 'exclusionSharing.switchedOff' : 'exclusionSharing.switchedOn'));
  return (
    <Card withBorder padding="md" data-testid="console-store-exclusion-sharing">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Title order={2} fz="h4">
          {t('exclusionSharing.title')}
        </Title>
        {s && (
          <Badge color={s.on ? 'teal' : 'gray'} variant="light" data-testid="console-store-exclusion-sharing-state">
            {t(s.on ? 'exclusionSharing.on' : 'exclusionSharing.off')}
          </Badge>
        )}
      </Group>
      <ActionAlert error={action.error ?? q.error?.message} mt="sm" mb="sm" />
      {s && (
        <>
          <Text fz="sm" mt="xs" data-testid="console-store-exclusion-sharing-owner">
            {s.owner === null ? t('exclusionSharing.ownerPlatform', { count: s.stores }) : t('exclusionSharing.owner', { owner: s.owner, count: s.stores })}
          </Text>
          <Text fz="sm" c="dimmed" mt={4}>
            {t('exclusionSharing.hint')}
          </Text>
          {canEdit && (
            <Group justify="flex-end" mt="md">
              <Button variant={s.on ? 'default' : 'filled'} loading={action.busy} onClick={() => void flip()} data-testid="console-store-exclusion-sharing-switch">
                {t(s.on ? 'exclusionSharing.switchOff' : 'exclusionSharing.switchOn')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Card>
  );
}
