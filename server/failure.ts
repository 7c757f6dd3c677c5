/** A refusal with a result code from the catalogue; services throw it, the HTTP layer answers it. */
import { type ResultCode } from '../contract/codes';
import { resultMessage } from '../contract/resultMessages';

export class Failure extends Error {
  override name = 'Failure';
  constructor(
    readonly code: ResultCode,
    message: string = resultMessage(code),
  ) {
    super(message);
  }
}

export function isFailure(error: unknown): error is Failure {
  return error instanceof Failure;
}
