/** Answer schemas by name, loaded on first use (answerSchemas.ts holds them, with zod). */
type AnswerSchemas = typeof import("./answerSchemas.ts");

/** A loader of the answer schema `name`, for requestApi and fetchApi. */
export function lazySchema<K extends keyof AnswerSchemas>(name: K): () => Promise<AnswerSchemas[K]> {
  return () => import("./answerSchemas.ts").then((schemas) => schemas[name]);
}
