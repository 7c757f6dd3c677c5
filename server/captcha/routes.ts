import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { CaptchaService } from './service';

export function registerCaptchaRoutes(api: ApiRouter, captcha: CaptchaService): void {
  api.guest(calls.captcha, (_payload, { ip }) => captcha.issue(ip));
}
