import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../layouts/page-title';

/** A screen the account may not open (e.g. a cashier typing a boss page's URL): status 21's words, and a way home. */
export function PermissionErrorPage() {
  const { t } = useTranslation(['common', 'status']);
  usePageTitle(t('status:21'));
  return (
    <Stack align="center" gap="xs" maw={420} mx="auto" ta="center" py="xl" data-testid="permission-error">
      <Text fz={56} fw={800} c="var(--mantine-primary-color-filled)" aria-hidden>
        21
      </Text>
      <Title order={1} fz="h2">
        {t('status:21')}
      </Title>
      <Text c="dimmed">{t('common:permissionHint')}</Text>
      <Button component={Link} to="/" mt="md">
        {t('common:backHome')}
      </Button>
    </Stack>
  );
}
