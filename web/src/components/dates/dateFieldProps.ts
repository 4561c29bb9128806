import type { ReactNode } from "react";
import type { SxProps, Theme } from "@mui/material";

export interface DateFieldProps {
  label: string;
  /** The API's format: yyyy-MM-dd for a day, yyyy-MM-dd'T'HH:mm for a local date and time; "" for none. */
  value: string;
  onChange(value: string): void;
  /** The hidden input (holding the text shown) gets it; the field's box gets `${testId}-field`. */
  testId: string;
  size?: "small" | "medium";
  fullWidth?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  sx?: SxProps<Theme>;
}
