import { useBanks, useSiteOption } from '../../data/siteReads';

/** What the sign-up form needs before it opens: the bank list and the site's sign-up options. */
export function useSignupOptions() {
  const banks = useBanks();
  const options = useSiteOption();
  if (banks.status === 'failed') return banks;
  if (options.status === 'failed') return options;
  if (banks.status !== 'ready' || options.status !== 'ready') return { status: 'loading' as const, data: null };
  return {
    status: 'ready' as const,
    data: {
      banks: banks.data.list,
      fixedRecommenderId: options.data.joinRecommanderId || undefined,
      signupOpen: options.data.siteOption.signupOpen !== 'N',
    },
  };
}
