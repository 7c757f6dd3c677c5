import { ApiError } from '../../api/client';
import { NETWORK_ERROR } from '../../api/ApiError';
import type { AlertContent } from '../../ui/alerts';

/** True when the call got no answer at all (the request may or may not have reached the server). */
export function isUnanswered(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code === NETWORK_ERROR;
}

/** The alert for a failed call: the code's catalog text ('api.<code>'), else the server's message. */
export function apiErrorAlert(error: unknown): AlertContent {
  if (isUnanswered(error)) return { messageId: 'front.error.network' };
  const { code, message } = error as ApiError;
  return { messageId: `api.${code}`, text: message };
}
