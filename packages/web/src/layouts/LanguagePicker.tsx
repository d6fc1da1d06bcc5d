import { Box, Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../components/icons';
import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { htmlLang, languageLabels, languages, languageShortLabels } from '../i18n/languages';

/** English, Español, 简体中文; the choice is kept under localStorage `Lang`. */
export function LanguagePicker({ variant = 'subtle' }: { variant?: 'subtle' | 'default' | 'white' }) {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant={variant} color={variant === 'white' ? 'dark' : undefined} size="compact-md" data-testid="language-picker" leftSection={<GlobeIcon />}>
          <span className="visually-hidden">{t('language')}: </span>
          <Box component="span" visibleFrom="sm">
            {languageLabels[lang]}
          </Box>
          <Box component="span" hiddenFrom="sm">
            {languageShortLabels[lang]}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((l) => (
          <Menu.Item key={l} lang={htmlLang[l]} onClick={() => void changeLanguage(l)} aria-current={l === lang ? 'true' : undefined} fw={l === lang ? 700 : 400}>
            {languageLabels[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
