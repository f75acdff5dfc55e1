import { asc, eq, or } from "drizzle-orm";
import type { UserDataEntry } from "~/accounts/user-data-entry.server";
import {
  learningAssignments,
  learningCertificates,
  learningEnrolments,
  learningLessonProgress,
  learningQuizAttempts,
  learningSharedArtefacts,
  learningWorksheets,
} from "~/db/schema";

// What the learning hub keeps about a person: the modules they started, their progress, quiz
// attempts, certificates, worksheet answers and the artefacts they shared with a coach; and, for a
// client or a coach, the lessons assigned between them. All of it goes with the account.

export const LEARNING_USER_DATA: UserDataEntry[] = [
  {
    table: learningEnrolments,
    export: {
      key: "learningModules",
      read: ({ db }, user) => db.select().from(learningEnrolments).where(eq(learningEnrolments.userId, user.id)).orderBy(asc(learningEnrolments.startedAt)),
    },
    erase: "cascade",
  },
  {
    table: learningLessonProgress,
    export: {
      key: "learningProgress",
      read: ({ db }, user) =>
        db.select().from(learningLessonProgress).where(eq(learningLessonProgress.userId, user.id)).orderBy(asc(learningLessonProgress.startedAt)),
    },
    erase: "cascade",
  },
  {
    table: learningQuizAttempts,
    export: {
      key: "learningQuizAttempts",
      read: ({ db }, user) =>
        db.select().from(learningQuizAttempts).where(eq(learningQuizAttempts.userId, user.id)).orderBy(asc(learningQuizAttempts.createdAt)),
    },
    erase: "cascade",
  },
  {
    table: learningCertificates,
    export: {
      key: "learningCertificates",
      read: ({ db }, user) =>
        db.select().from(learningCertificates).where(eq(learningCertificates.userId, user.id)).orderBy(asc(learningCertificates.issuedAt)),
    },
    erase: "cascade",
  },
  {
    table: learningWorksheets,
    export: {
      key: "learningWorksheets",
      read: ({ db }, user) => db.select().from(learningWorksheets).where(eq(learningWorksheets.userId, user.id)).orderBy(asc(learningWorksheets.updatedAt)),
    },
    erase: "cascade",
  },
  {
    table: learningSharedArtefacts,
    export: {
      key: "learningSharedArtefacts",
      read: ({ db }, user) =>
        db
          .select()
          .from(learningSharedArtefacts)
          .where(or(eq(learningSharedArtefacts.userId, user.id), eq(learningSharedArtefacts.coachId, user.id)))
          .orderBy(asc(learningSharedArtefacts.sharedAt)),
    },
    erase: "cascade",
  },
  {
    table: learningAssignments,
    export: {
      key: "learningAssignments",
      read: ({ db }, user) =>
        db
          .select()
          .from(learningAssignments)
          .where(or(eq(learningAssignments.clientId, user.id), eq(learningAssignments.coachId, user.id)))
          .orderBy(asc(learningAssignments.createdAt)),
    },
    erase: "cascade",
  },
];
