import { useTranslation } from 'react-i18next';
import { kioskData } from '../../auth/session';
import { PageFrame } from '../../components/PageFrame';
import { OwnDrawer } from './OwnDrawer';
import { ViewerDrawer } from './ViewerDrawer';

/** /Drawer: the drawer's live state and cash actions; read-only for a boss in viewer mode. */
export default function DrawerPage() {
  const { t } = useTranslation(['drawer', 'drawer-report']);
  const viewer = kioskData().moneybox === -1;
  // The Drawer group has this one entry, so the crumb trail is Home › Drawer.
  return <PageFrame title={t('drawer:title')}>{viewer ? <ViewerDrawer /> : <OwnDrawer />}</PageFrame>;
}
