/** What the headers draw for a signed-in member only, loaded with the member's first render (memberOnly). */
import { memberOnly } from '../../routes/memberOnly';

const parts = () => import('./memberParts');

export const MemberFacts = memberOnly(async () => (await parts()).MemberFacts);
export const PartnerLink = memberOnly(async () => (await parts()).PartnerLink);
export const LogoutButton = memberOnly(async () => (await parts()).LogoutButton);
