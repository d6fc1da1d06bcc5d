import { Alert, Stack } from '@mantine/core';
import { PageLoading } from '../../components/LoadingOverlay';

/**
 * A News list as the server sends it (newest first): a loader while it comes, the empty state, or
 * the items. `layout` wraps the items (a stack by default, a grid for posters).
 */
export function ItemList<T extends { id: number }>({
  loading,
  items,
  empty,
  render,
  layout = (children) => (
    <Stack gap="md" data-testid="news-list">
      {children}
    </Stack>
  ),
}: {
  loading: boolean;
  items: readonly T[] | undefined;
  empty: string;
  render: (item: T) => React.ReactNode;
  layout?: (children: React.ReactNode) => React.ReactNode;
}) {
  if (loading) return <PageLoading />;
  if (!items) return null;
  if (items.length === 0) {
    return (
      <Alert color="gray" data-testid="news-empty">
        {empty}
      </Alert>
    );
  }
  return layout(items.map(render));
}
