import { BUSINESS_TYPES } from "~/leads/lead-fields";

/** The options of a business-type select: "Choose one" (blank), then each type. */
export function BusinessTypeOptions() {
  return (
    <>
      <option value="">Choose one</option>
      {BUSINESS_TYPES.map((type) => (
        <option key={type} value={type}>
          {type}
        </option>
      ))}
    </>
  );
}
