import { MenuSection } from '../../routes/MenuSection';
import { AccountInquiry } from './AccountInquiry';
import './wallet.css';

/** /accountqna: the wallet's account inquiry ("계좌문의"), listed in the support centre. */
export function AccountQnaPage() {
  return (
    <MenuSection menu="supportTabs" current="accountQna" title="front.menu.accountQna" testId="accountqna-page">
      <AccountInquiry />
    </MenuSection>
  );
}
