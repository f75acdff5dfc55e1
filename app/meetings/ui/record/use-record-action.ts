import { useActionData, useNavigation } from "@remix-run/react";
import type { RecordActionData, RecordIntent } from "~/meetings/record.server";

/** The errors (and values sent back) of this form's last refused submission. */
export function useRecordResult(intent: RecordIntent): RecordActionData | null {
  const result = useActionData<RecordActionData>();
  return result && result.intent === intent ? result : null;
}

/** Whether this page is submitting one of these intents. */
export function useSubmittingIntent(...intents: RecordIntent[]): boolean {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  return navigation.state === "submitting" && typeof intent === "string" && (intents as string[]).includes(intent);
}
