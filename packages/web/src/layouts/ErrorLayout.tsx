import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface ErrorLayoutProps {
  statusCode: number | string;
  title: string;
  message: string;
}

/** The Error layout: a code, a title, a message and a way home. */
export function ErrorLayout({ statusCode, title, message }: ErrorLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <Text fz={64} fw={800} c="var(--mantine-primary-color-filled)" aria-hidden>
          {statusCode}
        </Text>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        <Button component={Link} to="/" mt="md">
          {t('backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
