import { expect, test } from "vitest";
import { parseForm } from "~/utils/forms";
import { ProfileDetailsSchema } from "~/accounts/schemas";
import { BookingDetailsSchema } from "~/booking/schemas";
import { BUSINESS_TYPES } from "~/leads/lead-fields";
import { BusinessTypeSchema, LeadFormSchema } from "~/leads/lead-form";

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

test("the business type is one rule, shared by the lead, booking and profile forms", () => {
  // The same schema object, so the forms cannot drift apart.
  expect(LeadFormSchema.shape.businessType).toBe(BusinessTypeSchema);
  expect(BookingDetailsSchema.shape.businessType).toBe(BusinessTypeSchema);
  const profile = ProfileDetailsSchema.shape.businessType;
  for (const schema of [BusinessTypeSchema, profile]) {
    for (const type of BUSINESS_TYPES) expect(schema.parse(type)).toBe(type);
    expect(schema.parse("")).toBeUndefined();
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.safeParse("Wizard").success).toBe(false);
  }
  expect(BusinessTypeSchema.safeParse("Wizard").error?.issues[0]?.message).toBe("Please choose a business type from the list");
  // The profile's forms speak in their own voice ("Choose…", "Enter…").
  expect(profile.safeParse("Wizard").error?.issues[0]?.message).toBe("Choose a business type from the list");
});
