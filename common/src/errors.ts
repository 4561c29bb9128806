/** Error codes of the catalogue (spec section 8) plus the few this server adds. */
export const ERROR_CODES = [
  "ERR_NO_OTHER_WHATSAPP",
  "ERR_NO_DEF_WAPP_FOUND",
  "ERR_WAPP_NOT_INITIALIZED",
  "ERR_WAPP_CHECK_CONTACT",
  "ERR_WAPP_INVALID_CONTACT",
  "ERR_WAPP_DOWNLOAD_MEDIA",
  "ERR_INVALID_CREDENTIALS",
  "ERR_SENDING_WAPP_MSG",
  "ERR_DELETE_WAPP_MSG",
  "ERR_OTHER_OPEN_TICKET",
  "ERR_SESSION_EXPIRED",
  "ERR_USER_CREATION_DISABLED",
  "ERR_NO_PERMISSION",
  "ERR_DUPLICATED_CONTACT",
  "ERR_NO_SETTING_FOUND",
  "ERR_NO_CONTACT_FOUND",
  "ERR_NO_TICKET_FOUND",
  "ERR_NO_USER_FOUND",
  "ERR_NO_WAPP_FOUND",
  "ERR_CREATING_MESSAGE",
  "ERR_CREATING_TICKET",
  "ERR_FETCH_WAPP_MSG",
  "ERR_QUEUE_COLOR_ALREADY_EXISTS",
  "ERR_QUEUE_NOT_FOUND",
  "ERR_WAPP_GREETING_REQUIRED",
  // added by this server
  "ERR_INVALID_TOKEN",
  "ERR_SUBSCRIPTION_EXPIRED",
  "ERR_TOO_MANY_ATTEMPTS",
  "ERR_VALIDATION",
  "ERR_EMAIL_ALREADY_EXISTS",
  "ERR_USER_LIMIT_REACHED",
  "ERR_NO_COMPANY_FOUND",
  "ERR_COMPANY_NAME_ALREADY_EXISTS",
  "ERR_NO_PLAN_FOUND",
  "ERR_NOT_FOUND",
  "ERR_TICKET_CHANGED",
  "ERR_INTERNAL",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Body of every error response. `message` names the field on validation errors. */
export interface ErrorBody {
  error: ErrorCode;
  message?: string;
  field?: string;
  dueDate?: string | null;
}
