import type { FormEventHandler, InputHTMLAttributes, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Box, Button, CircularProgress, Stack, TextField } from "@mui/material";
import { fieldError, muiRegister } from "./formFields";
import { PasswordField } from "./PasswordField";

/** The form of a public page (login, sign-up, password reset): its fields one under the other. */
export function AuthForm({ onSubmit, testId, children }: { onSubmit: FormEventHandler<HTMLFormElement>; testId: string; children: ReactNode }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid={testId}>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

interface AuthFieldProps {
  registration: UseFormRegisterReturn;
  label: string;
  /** The field's error; its translated message, or else `hint`, shows under it. */
  error?: { message?: string };
  hint?: string;
  testId: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  /** More attributes of the <input>. */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/** A full-width text field of a public page's form, registered with react-hook-form. */
export function AuthTextField({ registration, error, hint, testId, htmlInput, ...props }: AuthFieldProps) {
  return <TextField {...muiRegister(registration)} {...props} fullWidth {...fieldError(error, hint)} slotProps={{ htmlInput: { "data-testid": testId, ...htmlInput } }} />;
}

/** The same, for a password: with the show/hide button. */
export function AuthPasswordField({ registration, error, hint, testId, htmlInput, ...props }: Omit<AuthFieldProps, "type">) {
  return <PasswordField {...muiRegister(registration)} {...props} fullWidth {...fieldError(error, hint)} slotProps={{ htmlInput: { "data-testid": testId, ...htmlInput } }} />;
}

/** The form's large submit button; while `submitting` it is disabled and spins. */
export function AuthSubmitButton({ submitting, testId, children }: { submitting: boolean; testId: string; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting} data-testid={testId} startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
      {children}
    </Button>
  );
}
