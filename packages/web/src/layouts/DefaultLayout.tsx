import '../app/styles/page-styles';
import { AppShell } from '@mantine/core';
import { Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { LoadingOverlay, PageLoading } from '../components/LoadingOverlay';
import { Header } from './Header';
import { Marquee, useMarqueeMessages } from './Marquee';
import { PageTitleContext } from './page-title';
import { SideMenu } from './SideMenu';

const HEADER_HEIGHT = 60;
const MARQUEE_HEIGHT = 40;
const SIDE_MENU_WIDTH = 250;

/** The Default layout: header, side menu (>= 992px), marquee, and the page (with its breadcrumb). */
export default function DefaultLayout() {
  const [title, setTitle] = useState('');
  const titleContext = useMemo(() => ({ title, setTitle }), [title]);
  const messages = useMarqueeMessages();
  const headerHeight = HEADER_HEIGHT + (messages.length ? MARQUEE_HEIGHT : 0);
  return (
    <PageTitleContext.Provider value={titleContext}>
      <AppShell header={{ height: headerHeight }} navbar={{ width: SIDE_MENU_WIDTH, breakpoint: 'md', collapsed: { mobile: true } }} padding="md">
        <AppShell.Header>
          <Header />
          <Marquee messages={messages} />
        </AppShell.Header>
        <AppShell.Navbar data-testid="side-menu" visibleFrom="md">
          <SideMenu />
        </AppShell.Navbar>
        <AppShell.Main>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
      <LoadingOverlay />
    </PageTitleContext.Provider>
  );
}
