/**
 * One guard for every route's input, before its schema runs: text holding a NUL character (which
 * PostgreSQL cannot store) and JSON nested deeper than any of our shapes are refused with a 400
 * naming where they were found. The walk is iterative, so a hostile nesting depth cannot exhaust
 * the stack here, and the schema validators never see it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Deeper than any body, query or parameter the API takes. */
const MAX_INPUT_DEPTH = 32;

export interface InputProblem {
  field: string;
  message: string;
}

const NUL = '\u0000';

/** The first problem in a parsed input, or undefined when it is acceptable. */
export function findInputProblem(
  input: unknown,
  root: string,
  maxDepth = MAX_INPUT_DEPTH,
): InputProblem | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value: input, path: root, depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === 'string') {
      if (value.includes(NUL)) return { field: path, message: 'Must not contain a NUL character' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    // What parsers build (arrays, plain and null-prototype objects); not buffers or streams.
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) continue;
    if (typeof (value as { pipe?: unknown }).pipe === 'function') continue;
    if (depth >= maxDepth) return { field: path, message: `Is nested deeper than ${maxDepth} levels` };
    for (const key of Object.keys(value)) {
      const child = `${path}.${key.slice(0, 100)}`;
      if (key.includes(NUL)) return { field: child, message: 'Must not contain a NUL character' };
      stack.push({ value: (value as Record<string, unknown>)[key], path: child, depth: depth + 1 });
    }
  }
  return undefined;
}

export function inputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const problem =
      findInputProblem(request.params, 'params') ??
      findInputProblem(request.query, 'query') ??
      findInputProblem(request.body, 'body');
    if (!problem) return;
    const field = problem.field.replace(/^(params|query|body)\.?/, '') || problem.field;
    return reply
      .code(400)
      .send({ message: `Invalid request: ${field}`, errors: { [field]: problem.message } });
  });
}
