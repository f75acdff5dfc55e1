// The one barrel: drizzle and `~/db/schema` importers see every domain's tables in one namespace.
export * from "./accounts";
export * from "./ai-coach";
export * from "./attribution";
export * from "./auth";
export * from "./billing";
export * from "./booking";
export * from "./coach-network";
export * from "./content";
export * from "./email";
export * from "./leads";
export * from "./learning";
export * from "./meetings";
export * from "./page-copy";
export * from "./platform";
