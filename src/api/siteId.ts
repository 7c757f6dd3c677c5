import { SITE_ID_DEFAULT } from '../../contract/constants';

/** The site id sealed into every envelope and sent in the authorization header. */
export const SITE_ID: string = import.meta.env.VITE_SITE_ID || SITE_ID_DEFAULT;
