/**
 * Operator routes of the board, banners and popups, attendance and the prize wheel (an AdminRouteModule).
 *   GET  /board/posts?status=visible|hidden|deleted      POST /board/posts {category, title, content}
 *   POST /board/posts/:id/hide {hidden}                  POST /board/posts/:id/delete
 *   GET  /board/posts/:id/comments (the post's comments, deleted ones marked)   POST /board/comments/:id/delete
 *   GET  /banners    POST /banners {kind, title, link, ord, startsAt, endsAt, active, image (base64)}
 *   PUT  /banners/:id {any of those but kind}            POST /banners/:id/delete
 *   GET|PUT /attendance-settings {enabled, dailyPoints, bonusEvery, bonusPoints}
 *   GET|PUT /rotary {enabled, prizes: [{label, points, weight}]}
 */
import { idParam } from '../../contract/admin';
import {
  attendanceSettingsBody, bannerBody, bannerPatchBody, boardPostsQuery, hidePostBody, operatorPostBody, rotaryBody,
} from '../../contract/communityAdmin';
import { BOARD_IMAGE_MAX_BYTES } from '../../contract/community';
import type { CommunityAdminService } from './communityService';
import type { AdminRouteModule } from './scope';

/** A banner body may carry one image in base64 (4/3 of its bytes) besides its fields. */
const BANNER_BODY_LIMIT = Math.ceil((BOARD_IMAGE_MAX_BYTES * 4) / 3) + 8 * 1024;

export function communityAdminRoutes(service: CommunityAdminService): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.get('/board/posts', async (request) => service.posts(parse(boardPostsQuery, request.query)));
    app.post('/board/posts', { config: { multiline: ['body.content'] } }, async (request) => service.writePost(operator(request), parse(operatorPostBody, request.body)));
    app.post('/board/posts/:id/hide', async (request) =>
      service.hidePost(operator(request), parse(idParam, request.params).id, parse(hidePostBody, request.body).hidden));
    app.post('/board/posts/:id/delete', async (request) => service.deletePost(operator(request), parse(idParam, request.params).id));
    app.get('/board/posts/:id/comments', async (request) => service.comments(parse(idParam, request.params).id));
    app.post('/board/comments/:id/delete', async (request) => service.deleteComment(operator(request), parse(idParam, request.params).id));

    app.get('/banners', async () => service.banners());
    app.post('/banners', { bodyLimit: BANNER_BODY_LIMIT }, async (request) => service.createBanner(operator(request), parse(bannerBody, request.body)));
    app.put('/banners/:id', { bodyLimit: BANNER_BODY_LIMIT }, async (request) =>
      service.updateBanner(operator(request), parse(idParam, request.params).id, parse(bannerPatchBody, request.body)));
    app.post('/banners/:id/delete', async (request) => service.deleteBanner(operator(request), parse(idParam, request.params).id));

    app.get('/attendance-settings', async () => service.attendanceSettings());
    app.put('/attendance-settings', async (request) => service.setAttendanceSettings(operator(request), parse(attendanceSettingsBody, request.body)));
    app.get('/rotary', async () => service.rotary());
    app.put('/rotary', async (request) => service.setRotary(operator(request), parse(rotaryBody, request.body)));
  };
}
