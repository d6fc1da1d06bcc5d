import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The current page's title; the menu is fetched again when it changes (spec section 4). */
export const PageTitleContext = createContext<{ title: string; setTitle: (t: string) => void }>({
  title: '',
  setTitle: () => {},
});

export function useDocumentTitle(title: string): void {
  const { t } = useTranslation('common');
  const app = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}

/** Sets the page title (document title and the layout's title state). */
export function usePageTitle(title: string): void {
  const { setTitle } = useContext(PageTitleContext);
  useDocumentTitle(title);
  useEffect(() => {
    setTitle(title);
  }, [title, setTitle]);
}
