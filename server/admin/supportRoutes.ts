/**
 * Operator routes of messages and the support centre (an AdminRouteModule):
 *   POST /messages {target: member|level|all, memId|level, title, content} -> {sent}
 *   GET /notices, /faq?q= (newest first); POST /notices, /faq {title, content}; PUT /notices/:id, /faq/:id; DELETE /notices/:id, /faq/:id
 *   GET /questions?status=waiting|answered; POST /questions/:id/answer {answer}
 *   GET /message-retention; PUT /message-retention {maxDays, maxItems}
 */
import { idParam, messageBody, messageRetentionBody, postBody, questionAnswerBody, questionsQuery, supportPostsQuery } from '../../contract/admin';
import type { AdminRouteModule } from './scope';
import type { SupportAdminService } from './supportService';

const BOARDS = { notices: 'nt', faq: 'faq' } as const;

export function supportAdminRoutes(support: SupportAdminService): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.post('/messages', { config: { multiline: ['body.content'] } }, async (request) => support.sendMessage(operator(request), parse(messageBody, request.body)));

    for (const [path, boardType] of Object.entries(BOARDS)) {
      app.get(`/${path}`, async (request) => support.posts(boardType, parse(supportPostsQuery, request.query).q));
      app.post(`/${path}`, { config: { multiline: ['body.content'] } }, async (request) => support.writePost(operator(request), boardType, parse(postBody, request.body)));
      app.put(`/${path}/:id`, { config: { multiline: ['body.content'] } }, async (request) => {
        const { id } = parse(idParam, request.params);
        return support.writePost(operator(request), boardType, parse(postBody, request.body), id);
      });
      app.delete(`/${path}/:id`, async (request) => support.deletePost(operator(request), boardType, parse(idParam, request.params).id));
    }

    app.get('/questions', async (request) => support.questions(parse(questionsQuery, request.query).status));
    app.post('/questions/:id/answer', { config: { multiline: ['body.answer'] } }, async (request) => {
      const { id } = parse(idParam, request.params);
      return support.answer(operator(request), id, parse(questionAnswerBody, request.body).answer);
    });

    app.get('/message-retention', async () => support.retention());
    app.put('/message-retention', async (request) => support.setRetention(operator(request), parse(messageRetentionBody, request.body)));
  };
}
