import { expect, test } from "vitest";
import { parseForm } from "~/utils/forms";
import { LeadFormSchema } from "~/leads/lead-form";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

test("name and email are enough; text is trimmed, email lower-cased and blanks dropped", () => {
  const result = parseForm(form({ name: "  Mia Chen ", email: " Mia@Example.COM.au ", company: "   ", phone: "" }), LeadFormSchema);
  expect(result).toEqual({ success: true, data: { name: "Mia Chen", email: "mia@example.com.au", website: undefined } });
});

test("all optional fields are kept when valid", () => {
  const result = parseForm(
    form({
      name: "Mia",
      email: "mia@example.com.au",
      company: "Chen Dental",
      phone: "+61 2 9876 5432",
      businessType: "Health and wellbeing",
      message: "Hiring help",
    }),
    LeadFormSchema,
  );
  expect(result.success && result.data).toMatchObject({
    company: "Chen Dental",
    phone: "+61 2 9876 5432",
    businessType: "Health and wellbeing",
    message: "Hiring help",
  });
});

test("missing name and email give one message per field", () => {
  expect(parseForm(form({}), LeadFormSchema)).toEqual({
    success: false,
    errors: { name: "Please enter your name", email: "Please enter your email address" },
  });
});

test("a malformed email, phone or business type is rejected with a specific message", () => {
  const result = parseForm(form({ name: "Mia", email: "mia@", phone: "abc", businessType: "Wizard" }), LeadFormSchema);
  expect(result).toEqual({
    success: false,
    errors: {
      email: "Please enter a valid email address, like name@business.com.au",
      phone: "Please enter a valid phone number, like 0412 345 678",
      businessType: "Please choose a business type from the list",
    },
  });
});

test("over-long fields are rejected", () => {
  const result = parseForm(form({ name: "Mia", email: "mia@example.com.au", message: "x".repeat(2001) }), LeadFormSchema);
  expect(result).toEqual({ success: false, errors: { message: "Message must be 2000 characters or fewer" } });
});
