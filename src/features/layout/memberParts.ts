/** The headers' parts for a signed-in member, one chunk (memberLayer.ts loads it). */
export { LogoutButton } from './LogoutButton';
export { MemberFacts } from './MemberFacts';
export { PartnerLink } from './PartnerLink';
