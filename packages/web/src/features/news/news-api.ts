import { useTranslation } from 'react-i18next';
import type { CallInput } from '@moneybox/contract';
import { useApiQuery } from '../../api/hooks';
import { currentLanguage } from '../../i18n/i18n';

/**
 * A /bulletin read in the UI language (en, mx, zh_Hans: the server serves each item in it, else in
 * English). The language is part of the payload, so switching it fetches the texts again.
 */
type BulletinPath = '/bulletin/news' | '/bulletin/event_news' | '/bulletin/download' | '/bulletin/regulations';

export function useBulletin<P extends BulletinPath>(path: P, payload: Omit<CallInput<P>, 'lang'> = {} as Omit<CallInput<P>, 'lang'>, enabled = true) {
  useTranslation();
  return useApiQuery(path, { lang: currentLanguage(), ...payload } as CallInput<P>, { enabled });
}
