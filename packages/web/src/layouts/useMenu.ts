import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../api/hooks';
import { currentLanguage } from '../i18n/i18n';
import { menuCodes } from '../i18n/languages';
import { PageTitleContext } from './page-title';

/**
 * The server-driven menu in the UI language (codes en, es, cn). Keyed by language and page title,
 * so it is fetched again whenever either changes (spec section 4).
 */
export function useMenu() {
  useTranslation();
  const lang = menuCodes[currentLanguage()];
  const { title } = useContext(PageTitleContext);
  return useApiQuery('/user/menu', { lang }, { key: [title], staleTime: 0 });
}
