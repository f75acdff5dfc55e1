import { useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ProfileActionData, ProfileIntent } from "./types";

/** The action's result for this form only: every form on the page posts to the same action. */
export function useIntentResult(intent: ProfileIntent) {
  const actionData = useActionData<ProfileActionData>();
  return actionData?.intent === intent ? actionData : undefined;
}

export function useSubmitting(intent: ProfileIntent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** Moves focus to the first problem, so keyboard and screen-reader users hear what to fix. */
export function useFocusFirstError(result: ProfileActionData | undefined) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result && Object.keys(result.errors).length) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
  }, [result]);
  return ref;
}
