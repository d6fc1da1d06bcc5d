import { Box, Button, Paper, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../components/icons';
import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { htmlLang, languageLabels, languages, languageShortLabels } from '../i18n/languages';

/**
 * English, Español, 简体中文; the choice is kept under localStorage `Lang`. A menu button of its
 * own (the WAI-ARIA pattern: Enter/Space/ArrowDown open it on the first item, arrows move, Escape
 * and a click outside close it) instead of Mantine's Menu, whose floating-ui and focus trap were a
 * fifth of the login page's download (docs/WEB.md "Login page size").
 */
export function LanguagePicker({ variant = 'subtle' }: { variant?: 'subtle' | 'default' | 'white' }) {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const target = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    if (!open) return;
    items.current[Math.max(0, languages.indexOf(lang))]?.focus();
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, lang]);

  const close = () => {
    setOpen(false);
    target.current?.focus();
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const at = items.current.findIndex((el) => el === document.activeElement);
    const move = (i: number) => items.current[(i + languages.length) % languages.length]?.focus();
    if (e.key === 'Escape' || e.key === 'Tab') close();
    else if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(languages.length - 1);
    else return;
    e.preventDefault();
  };

  return (
    <Box ref={box} pos="relative" display="inline-block">
      <Button
        ref={target}
        variant={variant}
        color={variant === 'white' ? 'dark' : undefined}
        size="compact-md"
        data-testid="language-picker"
        leftSection={<GlobeIcon />}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="visually-hidden">{t('language')}: </span>
        <Box component="span" visibleFrom="sm">
          {languageLabels[lang]}
        </Box>
        <Box component="span" hiddenFrom="sm">
          {languageShortLabels[lang]}
        </Box>
      </Button>
      {open && (
        <Paper role="menu" aria-label={t('language')} shadow="md" withBorder p={4} pos="absolute" right={0} top="calc(100% + 4px)" miw={140} style={{ zIndex: 300 }} onKeyDown={onMenuKey}>
          {languages.map((l, i) => (
            <UnstyledButton
              key={l}
              ref={(el) => {
                items.current[i] = el;
              }}
              role="menuitem"
              lang={htmlLang[l]}
              aria-current={l === lang ? 'true' : undefined}
              fw={l === lang ? 700 : 400}
              display="block"
              w="100%"
              px="sm"
              py={6}
              fz="sm"
              className="language-picker-item"
              onClick={() => {
                close();
                void changeLanguage(l);
              }}
            >
              {languageLabels[l]}
            </UnstyledButton>
          ))}
        </Paper>
      )}
    </Box>
  );
}
