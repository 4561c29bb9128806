import { z } from "zod";

// The server's CSP forbids eval; zod's probe for it would be reported as a violation on every page.
z.config({ jitless: true });
