import { Box, Center, Group, Text } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../components/LoadingOverlay';
import { LanguagePicker } from './LanguagePicker';

/** The Login layout: a slim bar with the product name and the language picker, the form (`children`) centred. */
export default function LoginLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Box mih="100vh" bg="var(--mantine-primary-color-0, var(--mantine-color-gray-0))">
      <Group component="header" h={60} px="md" justify="space-between" bg="var(--mantine-primary-color-filled)" c="white">
        <Text fw={700} fz="lg">
          {t('appName')}
        </Text>
        <LanguagePicker variant="white" />
      </Group>
      <Center component="main" p="md" pt="xl">
        <Suspense fallback={<PageLoading />}>
          {children}
        </Suspense>
      </Center>
    </Box>
  );
}
