/** A refusal with a result code from the catalogue; services throw it, the HTTP layer answers it. */
import { type ResultCode } from '../contract/codes';
import { resultMessage } from '../contract/resultMessages';

export class Failure extends Error {
  override name = 'Failure';
  constructor(
    readonly code: ResultCode,
    message: string = resultMessage(code),
    /** What the refusal's answer carries in `data` (e.g. the current prices of a slip's legs, B6101); null for most. */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export function isFailure(error: unknown): error is Failure {
  return error instanceof Failure;
}
