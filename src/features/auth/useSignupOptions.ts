import { callApi } from '../../api/client';
import { useLoad } from '../../ui/useLoad';

/** What the sign-up form needs before it opens: the bank list and the site's sign-up options. */
async function loadSignupOptions() {
  const [banks, options] = await Promise.all([callApi('bank', {}), callApi('siteOption', {})]);
  return {
    banks: banks.list,
    fixedRecommenderId: options.joinRecommanderId || undefined,
    signupOpen: options.siteOption.signupOpen !== 'N',
  };
}

export function useSignupOptions() {
  return useLoad(loadSignupOptions, []);
}
