import { expect, test } from "vitest";
import { firstNameOf, greeting, inSentence } from "~/email/templates/shared";

// The wording every email shares: the greeting by first name and catalogue names inside sentences.

test("emails greet by first name, skipping a title, and say hello without one", () => {
  expect(greeting("Mia Cartwright")).toBe("Hi Mia,");
  expect(greeting("  Mia  ")).toBe("Hi Mia,");
  expect(greeting("Dr Sarah Chen")).toBe("Hi Sarah,");
  expect(greeting("Mrs. Jo Bloggs")).toBe("Hi Jo,");
  expect(greeting(null)).toBe("Hi there,");
  expect(greeting("")).toBe("Hi there,");
  expect(greeting("Deleted user")).toBe("Hi there,");
  expect(firstNameOf("Dr")).toBe("Dr");
});

test("catalogue names read in sentence case inside a sentence, keeping names that carry their own capitals", () => {
  expect(`Your ${inSentence("Free discovery call")}`).toBe("Your free discovery call");
  expect(inSentence("60-minute virtual session")).toBe("60-minute virtual session");
  expect(inSentence("ClarityAI Pro")).toBe("ClarityAI Pro");
  expect(inSentence("BAS review")).toBe("BAS review");
  expect(inSentence("Coaching session")).toBe("coaching session");
});
