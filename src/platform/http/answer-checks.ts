import type { Context, Middleware } from 'koa';
import type { RouteDeclaration } from '../../contract/route.js';
import { AppError, GenericErrors } from '../../shared/app-error.js';
import { JsonAttachment } from './json-attachment.js';
import { PreparedJson } from './prepared-json.js';

type Recorded = { route: RouteDeclaration; answer: unknown };

/** The answer each request's contract route gave, until the request ends (contract-route.ts records it). */
const answers = new WeakMap<object, Recorded>();
/** A prepared answer is sent many times: it is checked the first time only. */
const checkedPrepared = new WeakSet<PreparedJson>();

export function recordAnswer(ctx: Context, route: RouteDeclaration, answer: unknown): void {
  answers.set(ctx, { route, answer });
}

/**
 * API_ANSWER_CHECKS (on outside production, and in every test): each answer of a contract route is checked
 * against the route's status and answer schema (src/contract). One that does not match answers 500, and
 * the error middleware logs which route answered what, so every API test also checks the shapes it reads.
 */
export function answerChecks(): Middleware {
  return async (ctx, next) => {
    await next();
    const recorded = answers.get(ctx);
    if (!recorded) return;
    const problem = problemOf(ctx, recorded);
    if (problem === null) return;
    // The answer may already carry its encoding and validator: the error answer must not.
    for (const header of ['Content-Encoding', 'ETag', 'Content-Disposition']) ctx.remove(header);
    throw new AppError(GenericErrors.INTERNAL, `${recorded.route.method} ${recorded.route.path} answered outside its contract (src/contract): ${problem}`);
  };
}

function problemOf(ctx: Context, { route, answer }: Recorded): string | null {
  const statuses = [route.status, ...(route.otherStatuses ?? []), ...(answer instanceof PreparedJson ? [304] : [])];
  if (!statuses.includes(ctx.status)) return `status ${ctx.status}, not ${statuses.join(' or ')}`;
  if (route.answer === null) return answer === undefined ? null : 'a body where the contract has none';
  let value: unknown = answer instanceof JsonAttachment ? answer.value : answer;
  if (answer instanceof PreparedJson) {
    if (checkedPrepared.has(answer)) return null;
    value = JSON.parse(answer.body.toString('utf8'));
  }
  const parsed = route.answer.safeParse(value);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
  if (answer instanceof PreparedJson) checkedPrepared.add(answer);
  return null;
}
