import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The page of every screen in the contract's registry (`@moneybox/contract/screens`), by its link.
 * Each page is its own chunk (React.lazy). Adding a screen: its registry entry, one line here, its
 * `features/<screen>/` folder and its locale namespace. `pages.test.ts` checks this map and the
 * registry list the same links.
 */
export const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/CustomerAccount': lazy(() => import('../features/customer/CustomerAccountPage')),
  '/Customer/CustomerInfo': lazy(() => import('../features/customer/CustomerInfoPage')),
  '/Customer/Protected': lazy(() => import('../features/customer/ProtectedCustomersPage')),
  '/Drawer': lazy(() => import('../features/drawer/DrawerPage')),
  '/Reports/TransactionReports': lazy(() => import('../features/reports/TransactionReportsPage')),
  '/Reports/ShiftReports': lazy(() => import('../features/reports/ShiftReportsPage')),
  '/Reports/DailyReports': lazy(() => import('../features/reports/DailyReportsPage')),
  '/Reports/LargePayouts': lazy(() => import('../features/reports/LargePayoutsPage')),
  '/Reports/CashLog': lazy(() => import('../features/reports/CashLogPage')),
  '/Reports/DayClose': lazy(() => import('../features/day-close/DayClosePage')),
  '/Machine': lazy(() => import('../features/machine/MachinePage')),
  '/SystemSetup/StoreInformationIndex': lazy(() => import('../features/store-info/StoreInformationPage')),
  '/SystemSetup/DrawerSetup': lazy(() => import('../features/drawer-setup/DrawerSetupPage')),
  '/SystemSetup/userSettingSpecifyGroup': lazy(() => import('../features/staff/AccountSettingPage')),
  '/News/view-all-news': lazy(() => import('../features/news/ViewAllNewsPage')),
  '/News/download-poster': lazy(() => import('../features/news/PostersPage')),
  '/News/regulations': lazy(() => import('../features/news/RegulationsPage')),
  '/News/event-news': lazy(() => import('../features/news/EventNewsPage')),
};
