import '../app/styles/page-styles';
import { AppShell, Drawer } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/LoadingOverlay';
import { WritesOverlay } from '../components/WritesOverlay';
import { useLocalTimeDiff } from '../time/useLocalTimeDiff';
import { Header } from './Header';
import { Marquee, useMarqueeMessages } from './Marquee';
import { PageTitleContext } from './page-title';
import { SideMenu } from './SideMenu';

const HEADER_HEIGHT = 60;
const MARQUEE_HEIGHT = 40;
const SIDE_MENU_WIDTH = 250;

/**
 * The Default layout: header, side menu (from 992px), marquee, and the page (with its breadcrumb).
 * Below 992px the side menu is hidden and the header's menu button opens it as a drawer; the drawer
 * closes on any navigation and when the screen grows wide enough for the side menu.
 */
export default function DefaultLayout() {
  const { t } = useTranslation('layout');
  const [title, setTitle] = useState('');
  const titleContext = useMemo(() => ({ title, setTitle }), [title]);
  const messages = useMarqueeMessages();
  // The marquee's band is the layout's from the first paint (SPEC: header, marquee, content): the
  // announcements arrive a second after load and change with the poll without moving the page.
  const headerHeight = HEADER_HEIGHT + MARQUEE_HEIGHT;
  const [menuOpen, menu] = useDisclosure(false);
  const { pathname, search } = useLocation();
  const wide = useMediaQuery('(min-width: 62em)');
  const closeMenu = menu.close;
  // Every page shows times in the store's zone: none is drawn before the zone is known (until then a
  // shift's start would show in UTC for a moment on a slow line).
  const storeTime = useLocalTimeDiff();
  useEffect(() => closeMenu(), [pathname, search, wide, closeMenu]);
  return (
    <PageTitleContext.Provider value={titleContext}>
      <AppShell header={{ height: headerHeight }} navbar={{ width: SIDE_MENU_WIDTH, breakpoint: 'md', collapsed: { mobile: true } }} padding="md">
        <AppShell.Header>
          <Header onMenu={menu.open} menuOpen={menuOpen} />
          <Marquee messages={messages} />
        </AppShell.Header>
        <AppShell.Navbar data-testid="side-menu" visibleFrom="md">
          <SideMenu />
        </AppShell.Navbar>
        {/* data-path: the location the page shown belongs to (it changes with the page, not before). */}
        <AppShell.Main data-path={`${pathname}${search}`}>
          {storeTime.ready ? (
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          ) : (
            <PageLoading />
          )}
        </AppShell.Main>
      </AppShell>
      <Drawer opened={menuOpen} onClose={menu.close} size={SIDE_MENU_WIDTH + 30} padding={0} title={t('sideMenu')} closeButtonProps={{ 'aria-label': t('closeMenu') }} styles={{ header: { paddingInline: 'var(--mantine-spacing-md)' } }}>
        <div data-testid="menu-drawer">
          <SideMenu />
        </div>
      </Drawer>
      <WritesOverlay />
    </PageTitleContext.Provider>
  );
}
