import type { z } from "zod";
import { V } from "@balcao/common";

type Issue = z.core.$ZodRawIssue;

const isEmpty = (input: unknown) => input === undefined || input === null || input === "";

/**
 * The spec's message for an issue a schema gave no text of its own, so that zod's built-in English
 * never reaches a form: every message is one of `V`, which the forms translate.
 */
export function specIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return isEmpty(issue.input) ? V.required : V.invalidValue;
    case "too_small":
      if (issue.origin === "string" || issue.origin === "array") return isEmpty(issue.input) ? V.required : V.tooShort;
      return V.invalidValue;
    case "too_big":
      return issue.origin === "string" || issue.origin === "array" ? V.tooLong : V.invalidValue;
    case "invalid_format":
      return issue.format === "email" ? V.invalidEmail : V.invalidValue;
    default:
      return V.invalidValue;
  }
}
