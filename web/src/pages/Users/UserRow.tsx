import { Chip, IconButton, TableCell, TableRow, Tooltip } from "@mui/material";
import PhonelinkLockIcon from "@mui/icons-material/PhonelinkLock";
import { useTranslation } from "react-i18next";
import type { UserListItem } from "@balcao/common";
import { PHONE_TITLE } from "../../components/phoneTable";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";

interface UserRowProps {
  user: UserListItem;
  canDelete: boolean;
  onEdit(): void;
  onDelete(): void;
  /** Turns off the user's second factor (absent: no such action). */
  onResetTwoFactor?(): void;
}

const PROFILES = ["admin", "user", "supervisor"] as const;

/** One user of the list: name, email, profile, live online status, edit and delete. */
export function UserRow({ user, canDelete, onEdit, onDelete, onResetTwoFactor }: UserRowProps) {
  const { t } = useTranslation();
  const profile = PROFILES.find((p) => p === user.profile);
  return (
    <TableRow hover data-testid={`user-row-${user.id}`}>
      <TableCell className={PHONE_TITLE} data-testid={`user-name-${user.id}`}>
        {user.name}
      </TableCell>
      <TableCell data-testid={`user-email-${user.id}`}>{user.email}</TableCell>
      <TableCell align="center" data-testid={`user-profile-${user.id}`}>
        {profile ? t(`userModal.profiles.${profile}`) : user.profile}
      </TableCell>
      <TableCell align="center">
        <Chip
          size="small"
          variant={user.online ? "filled" : "outlined"}
          color={user.online ? "success" : "default"}
          label={user.online ? t("users.online") : t("users.offline")}
          data-testid={`user-online-${user.id}`}
          data-online={String(user.online)}
        />
        {user.paused && <Chip size="small" color="warning" label={t("assignment.paused")} sx={{ ml: 0.5 }} data-testid={`user-paused-${user.id}`} />}
        <Tooltip title={t("assignment.capacityColumn")}>
          <Chip size="small" variant="outlined" label={`≤ ${user.capacity}`} sx={{ ml: 0.5 }} data-testid={`user-capacity-${user.id}`} />
        </Tooltip>
      </TableCell>
      <TableCell align="center">
        <EditRowButton label={t("users.editAction", { name: user.name })} onClick={onEdit} testId={`user-edit-${user.id}`} />
        {onResetTwoFactor && (
          <Tooltip title={t("twoFactor.reset")}>
            <IconButton size="small" aria-label={t("twoFactor.reset")} onClick={onResetTwoFactor} data-testid={`user-reset-2fa-${user.id}`}>
              <PhonelinkLockIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {canDelete && <DeleteRowButton label={t("users.deleteAction", { name: user.name })} onClick={onDelete} testId={`user-delete-${user.id}`} />}
      </TableCell>
    </TableRow>
  );
}
