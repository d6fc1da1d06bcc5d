import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { currentLanguage } from '../../i18n/i18n';

/**
 * A /bulletin read in the UI language (en, mx, zh_Hans: the server serves each item in it, else in
 * English). The language is part of the payload, so switching it fetches the texts again.
 */
export function useBulletin<T extends object>(path: string, payload: object = {}, enabled = true) {
  useTranslation();
  return useApiQuery<T>(path, { lang: currentLanguage(), ...payload }, { enabled });
}
