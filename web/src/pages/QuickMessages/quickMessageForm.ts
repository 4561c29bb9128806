import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { quickMessageBody, V, type QuickMessageBody } from "@balcao/common";
import i18n from "../../i18n";
import { translateValidation } from "../../i18n/validation";
import type { QuickMessageRecord } from "./quickMessagesApi";

export interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}

/** A new reply starts company-wide, as the server's default: a private one is the author's choice. */
export const emptyQuickMessageForm = (): QuickMessageFormValues => ({ shortcode: "", message: "", geral: true, status: true });

export const toQuickMessageFormValues = ({ shortcode, message, geral, status }: QuickMessageRecord): QuickMessageFormValues => ({ shortcode, message, geral, status });

/** Validation by the API's own schema (shortcode 'Obrigatório'), so the form and the server agree. */
export const quickMessageResolver = zodResolver(quickMessageBody) as unknown as Resolver<QuickMessageFormValues, unknown, QuickMessageBody>;

/** The schema's messages in the user's language ('Obrigatório' is the spec's own Portuguese text). */
export const quickMessageErrorText = (message: string | undefined) => (message === V.requiredPt ? i18n.t("quickMessages.dialog.required") : translateValidation(message));
