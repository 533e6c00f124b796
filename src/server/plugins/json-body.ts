/**
 * The JSON body parser: Fastify's own (prototype-poisoning checks included), behind a one-pass look
 * at the text's nesting and size (lib/json-shape.ts), so a body built to be expensive to walk is
 * refused with 400 before it is parsed.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { jsonShapeProblem } from '#server/lib/json-shape.ts';

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' hands the body over as text.
    const text = body as string;
    const problem = jsonShapeProblem(text);
    if (problem) {
      done(new AppError('VALIDATION_FAILED', problem), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
