/**
 * What every answer is read with, apart from the catalogue (contract/codes.ts re-exports both): the code of
 * success, and the codes after which the client waits 5 s and tries again (SPEC §8 General). The browser's
 * first load needs these, not the catalogue.
 */
export const RESULT_OK = '0';

export const RETRY_CODES: readonly string[] = ['NT99', 'TE99'];

/** The client's own code for a call that got no answer (no connection, a body that did not open): never the server's. */
export const NO_ANSWER_CODE = 'NETWORK';
