import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForChunkError } from '../../app/chunk-reload';
import { ErrorLayout } from '../../layouts/ErrorLayout';

/** A thrown page error: statusCode (default 500) and message. A missing chunk reloads once per minute. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) reloadForChunkError();
  }, [chunk]);
  let statusCode: number = 500;
  let message = t('unexpectedError');
  if (isRouteErrorResponse(error)) {
    statusCode = error.status;
    message = error.statusText || message;
  } else if (error && typeof error === 'object') {
    const e = error as { statusCode?: unknown; message?: unknown };
    if (typeof e.statusCode === 'number') statusCode = e.statusCode;
    if (typeof e.message === 'string' && e.message) message = e.message;
  }
  if (chunk) message = t('newVersion');
  if (statusCode === 404) return <ErrorLayout statusCode={404} title={t('error404')} message={t('pageNotFound')} />;
  return <ErrorLayout statusCode={statusCode} title={t('errorTitle', { code: statusCode })} message={message} />;
}
