import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS } from '@moneybox/contract/audit-kinds';
import en from '../../locales/en/staff.json';
import { i18n, i18nReady } from '../../i18n/i18n';
import { KIND_GROUPS, actorName, describeChange, kindKey } from './activity-labels';

describe('activity labels', () => {
  it('keys kinds without nesting and words a change as field: before → after', () => {
    expect(kindKey('login.failed')).toBe('kinds.login_failed');
    expect(describeChange({ phone: '1' }, { phone: '2' })).toBe('phone: 1 → 2');
    expect(describeChange(null, { type: 'cashier', account: 'abc123' })).toBe('type: cashier; account: abc123');
    expect(describeChange({ block: false }, { block: true })).toBe('block: false → true');
    expect(describeChange(null, { first_name: 'Ana', bank: '' })).toBe('first_name: Ana');
  });

  it('has a text for every kind and group (add one to locales/*/staff.json when a kind is added)', () => {
    const kinds = en.kinds as Record<string, string>;
    expect(ACTIVITY_KINDS.filter((k) => !kinds[kindKey(k).slice('kinds.'.length)])).toEqual([]);
    const groups = en.groups as Record<string, string>;
    const all = new Set(ACTIVITY_KINDS.map((k) => k.split('.')[0]!));
    expect([...all].filter((g) => !groups[g] || !(KIND_GROUPS as readonly string[]).includes(g))).toEqual([]);
  });
});

describe('who made an Activity row', () => {
  it("names a reload kiosk and its channel in every language, never 'operator (operator)' (issue 20)", async () => {
    await i18nReady;
    const kiosk = { actor: 'Reload kiosk 900', actor_role: 'reload_kiosk', terminal: { kind: 'reload_kiosk', name: 900 } };
    const said: Record<string, string> = {};
    for (const lang of ['en', 'mx', 'zh_Hans']) {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces('staff');
      const t = i18n.getFixedT(lang);
      said[lang] = `${actorName(kiosk, t)} (${t(`staff:roles.${kiosk.actor_role}`)})`;
      expect(actorName({ actor: 'cashier01', terminal: null }, t)).toBe('cashier01');
    }
    expect(said).toEqual({ en: 'Reload kiosk 900 (reload kiosk)', mx: 'Quiosco de recarga 900 (quiosco de recarga)', zh_Hans: '充值机 900 (充值机)' });
    await i18n.changeLanguage('en');
  });
});
