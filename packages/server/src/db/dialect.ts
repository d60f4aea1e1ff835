/** Which engine a connection talks to. */
export type Dialect = "sqlite" | "postgres";
