import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { PointsService } from './pointsService';

export function registerPointsRoutes(api: ApiRouter, points: PointsService): void {
  api.member(calls.pointConvert, (payload, { session, locale }) => points.convert(session, payload, locale));
  api.member(calls.pointList, (payload, { session }) => points.list(session, payload));
}
