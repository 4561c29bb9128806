import type { Theme } from "@mui/material";

/** A row's title cell: on phones it takes a line of its own at the top of the card. */
export const PHONE_TITLE = "phone-title";
/** A secondary cell, left out on phones. */
export const PHONE_HIDDEN = "phone-hidden";

/**
 * A table's `sx` that turns its rows into cards on phones, where its columns cannot fit: no header
 * row, each row's cells wrap in lines (the actions, its last cell, at the end).
 */
export const phoneCardRows = (theme: Theme) => ({
  [theme.breakpoints.down("sm")]: {
    "& thead": { display: "none" },
    "& tbody tr": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      columnGap: theme.spacing(1.5),
      rowGap: theme.spacing(0.5),
      padding: theme.spacing(1.25, 2),
      borderBottom: `1px solid ${theme.palette.divider}`,
    },
    "& tbody td": { display: "block", border: 0, padding: 0, textAlign: "left", overflowWrap: "anywhere" },
    "& tbody td[colspan]": { flexBasis: "100%", textAlign: "center", padding: theme.spacing(1, 0) },
    "& tbody td:last-of-type:not([colspan])": { marginLeft: "auto" },
    [`& tbody td.${PHONE_TITLE}`]: { flexBasis: "100%", fontWeight: 600 },
    [`& tbody td.${PHONE_HIDDEN}`]: { display: "none" },
  },
});
