import { z } from "zod";
import { specIssueMessage } from "../i18n/zodIssues";

// The server's CSP forbids eval; zod's probe for it would be reported as a violation on every page.
z.config({ jitless: true, customError: specIssueMessage });
