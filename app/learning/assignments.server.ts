import type { Db } from "~/db/client.server";

// PLACEHOLDER (owner: i25-coach) — lessons a coach assigned to their client. Keep these signatures.

export type AssignedLesson = {
  id: string;
  lessonId: string;
  lessonTitle: string;
  moduleId: string;
  moduleTitle: string;
  coachName: string;
  dueOn: string | null;
  note: string;
  assignedAt: string;
  completedAt: string | null;
};

/** The client's assigned lessons (published ones only), due soonest first, then newest. */
export async function listAssignmentsForClient(db: Db, clientId: string): Promise<AssignedLesson[]> {
  void db;
  void clientId;
  return [];
}

/** The lesson ids among `lessonIds` that a coach assigned to this client (they open whatever the rule or drip). */
export async function assignedLessonIds(db: Db, clientId: string, lessonIds: string[]): Promise<Set<string>> {
  void db;
  void clientId;
  void lessonIds;
  return new Set();
}
