import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { kioskData } from '../../auth/session';
import { PageFrame } from '../../components/PageFrame';
import { AccountsTab } from './AccountsTab';
import { ActivityTab } from './ActivityTab';

/** /SystemSetup/userSettingSpecifyGroup (boss): the store's staff accounts, and the Activity tab (audit trail). */
export default function AccountSettingPage() {
  const { t } = useTranslation(['staff', 'home']);
  // The tab is in the address (?tab=activity): a reload, a link or a re-render of the page above keeps it.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'activity' ? 'activity' : 'accounts';
  const setTab = (next: string | null) => setParams(next === 'activity' ? { tab: 'activity' } : {}, { replace: true });
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
