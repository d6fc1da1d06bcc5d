import { useTranslation } from 'react-i18next';
import { ErrorLayout } from '../../layouts/ErrorLayout';
import { useDocumentTitle } from '../../layouts/page-title';

/** Unknown paths: "Error 404", 'This page could not be found' (spec section 2). */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('error404'));
  return <ErrorLayout statusCode={404} title={t('error404')} message={t('pageNotFound')} />;
}
