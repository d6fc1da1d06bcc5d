import { useTranslation } from 'react-i18next';
import { CustomerListPage } from './CustomerInfoPage';

/** /Customer/Protected: the boss's list of customers under a running self-exclusion or cool-off (issue 24), the latest set first. */
export default function ProtectedCustomersPage() {
  const { t } = useTranslation('customer');
  return <CustomerListPage path="/customer/protected" title={t('protection.listTitle')} empty={t('protection.listEmpty')} />;
}
