import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../layouts/page-title';

interface Crumb {
  label: string;
  to?: string;
}

interface PageFrameProps {
  title: string;
  /** Crumbs between Home and this page (e.g. the menu group). */
  crumbs?: Crumb[];
  actions?: React.ReactNode;
  children: React.ReactNode;
}

/** Every page but home: breadcrumb (Home › … › title), the page heading, the content. */
export function PageFrame({ title, crumbs = [], actions, children }: PageFrameProps) {
  const { t } = useTranslation('layout');
  usePageTitle(title);
  const trail: Crumb[] = [{ label: t('home'), to: '/' }, ...crumbs, { label: title }];
  return (
    <Stack gap="md">
      <Breadcrumbs component="nav" aria-label={t('breadcrumb')} separator="›" data-testid="breadcrumb">
        {trail.map((c, i) =>
          c.to && i < trail.length - 1 ? (
            <Anchor component={Link} to={c.to} key={i} size="sm">
              {c.label}
            </Anchor>
          ) : (
            <Text key={i} size="sm" aria-current={i === trail.length - 1 ? 'page' : undefined}>
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
      <Stack gap={0}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {actions}
      </Stack>
      {children}
    </Stack>
  );
}
