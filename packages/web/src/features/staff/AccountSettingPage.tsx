import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kioskData } from '../../auth/session';
import { PageFrame } from '../../components/PageFrame';
import { AccountsTab } from './AccountsTab';
import { ActivityTab } from './ActivityTab';

/** /SystemSetup/userSettingSpecifyGroup (boss): the store's staff accounts, and the Activity tab (audit trail). */
export default function AccountSettingPage() {
  const { t } = useTranslation(['staff', 'home']);
  const [tab, setTab] = useState<string | null>('accounts');
  // A boss in viewer mode holds no drawer (moneybox -1): they look, the server refuses changes (21).
  const readOnly = kioskData().moneybox === -1;
  return (
    <PageFrame title={t('staff:title')} crumbs={[{ label: t('home:groups.setup') }]}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="accounts" data-testid="tab-accounts">
            {t('staff:accountsTab')}
          </Tabs.Tab>
          <Tabs.Tab value="activity" data-testid="tab-activity">
            {t('staff:activityTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="accounts">
          <AccountsTab readOnly={readOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="activity">
          <ActivityTab />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
