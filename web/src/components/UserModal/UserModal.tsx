import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { can, createUserFormSchema, USER_CAPACITY, userFormSchema, type UpdateUserInput, type UserListItem } from "@balcao/common";
import { createUser, fetchUser, updateUser } from "../../api/resources";
import { errorCode, errorMessage, toastError } from "../../api/errors";
import { queryKeys } from "../../api/queryKeys";
import { useAuth, useSessionUser } from "../../app/authContext";
import { FullPageLoader } from "../FullPageLoader";
import { PasswordField } from "../PasswordField";
import { fieldError, muiRegister } from "../formFields";
import { AdminFields } from "./AdminFields";
import type { UserFormValues } from "./userFormValues";
import { useUserOptions } from "./useUserOptions";

interface UserModalProps {
  open: boolean;
  /** null: a new user (the password is then required). */
  userId: number | null;
  onClose(): void;
  onSaved?(user: UserListItem): void;
}

const toFormValues = (user: UserListItem): UserFormValues => ({
  name: user.name,
  email: user.email,
  password: "",
  profile: user.profile === "admin" || user.profile === "supervisor" ? user.profile : "user",
  allTicket: user.allTicket === "enabled" ? "enabled" : "desabled",
  capacity: String(user.capacity ?? USER_CAPACITY.default),
});

/** Adds or edits a user: name, email and password for everybody; profile, connection and queues for admins. */
export function UserModal({ open, userId, onClose, onSaved }: UserModalProps) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const { updateUser: updateSession } = useAuth();
  const queryClient = useQueryClient();
  const editProfile = can(me.profile, "user-modal:editProfile");
  const editQueues = can(me.profile, "user-modal:editQueues");
  const creating = userId === null;
  const user = useQuery({ queryKey: queryKeys.user(userId ?? 0), queryFn: () => fetchUser(userId!), enabled: open && !creating });
  const options = useUserOptions(me.companyId, open && (editProfile || editQueues));
  const [whatsappId, setWhatsappId] = useState("");
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const [limitError, setLimitError] = useState<string | null>(null);

  const form = useForm<UserFormValues>({
    resolver: zodResolver(creating ? createUserFormSchema : userFormSchema),
    defaultValues: { name: "", email: "", password: "", profile: "user", allTicket: "desabled", capacity: String(USER_CAPACITY.default) },
  });
  const { register, handleSubmit, reset, control, formState } = form;

  useEffect(() => {
    if (!user.data) return;
    reset(toFormValues(user.data));
    setWhatsappId(user.data.whatsappId ? String(user.data.whatsappId) : "");
    setQueueIds(user.data.queues.map((q) => q.id));
  }, [user.data, reset]);

  const save = useMutation({
    mutationFn: (body: UpdateUserInput) => (userId === null ? createUser({ ...body, password: body.password ?? "" }) : updateUser(userId, body)),
    meta: { silent: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.user(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
      if (saved.id === me.id) updateSession({ name: saved.name, email: saved.email, queues: saved.queues });
      onSaved?.(saved);
      toast.success(t("userModal.saved"));
      onClose();
    },
    onError: (err) => {
      // the plan's limit is for the admin to read in the dialog, not a passing toast
      if (errorCode(err) === "ERR_USER_LIMIT_REACHED") setLimitError(errorMessage(err) ?? null);
      else toastError(err);
    },
  });

  const onSubmit = handleSubmit((values) => {
    setLimitError(null);
    const body: UpdateUserInput = { name: values.name, email: values.email };
    if (values.password) body.password = values.password;
    if (editProfile) {
      Object.assign(body, { profile: values.profile, allTicket: values.allTicket, capacity: Number(values.capacity) });
      // Only send what could be chosen from a loaded list; otherwise the server keeps the current value.
      if (options.whatsapps.isSuccess) body.whatsappId = whatsappId ? Number(whatsappId) : null;
    }
    if (editQueues && options.queues.isSuccess && options.queues.data.length > 0) body.queueIds = queueIds;
    save.mutate(body);
  });

  const queueList = options.queues.data?.length ? options.queues.data : (user.data?.queues ?? []);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="user-modal">
      <DialogTitle>{creating ? t("users.addTitle") : t("userModal.title")}</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          {!creating && user.isPending && <FullPageLoader inline />}
          {!creating && user.isError && <Alert severity="error">{t("common.loadFailed")}</Alert>}
          {limitError && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="user-limit-error">
              {limitError}
            </Alert>
          )}
          {(creating || user.data) && (
            <Stack spacing={2}>
              <TextField {...muiRegister(register("name"))} label={t("userModal.name")} autoFocus fullWidth {...fieldError(formState.errors.name)} slotProps={{ htmlInput: { "data-testid": "user-name" } }} />
              <TextField {...muiRegister(register("email"))} label={t("userModal.email")} type="email" fullWidth {...fieldError(formState.errors.email)} slotProps={{ htmlInput: { "data-testid": "user-email" } }} />
              <PasswordField
                {...muiRegister(register("password"))}
                label={t("userModal.password")}
                autoComplete="new-password"
                fullWidth
                {...fieldError(formState.errors.password, creating ? undefined : t("userModal.passwordHint"))}
                slotProps={{ htmlInput: { "data-testid": "user-password" } }}
              />
              {editProfile && (
                <TextField
                  {...muiRegister(register("capacity"))}
                  label={t("assignment.capacity")}
                  type="number"
                  fullWidth
                  {...fieldError(formState.errors.capacity, t("assignment.capacityHint"))}
                  slotProps={{ htmlInput: { "data-testid": "user-capacity", min: USER_CAPACITY.min, max: USER_CAPACITY.max, inputMode: "numeric" } }}
                />
              )}
              <AdminFields
                control={control}
                showProfile={editProfile}
                showQueues={editQueues}
                whatsapps={options.whatsapps.data ?? []}
                whatsappId={whatsappId}
                onWhatsappChange={setWhatsappId}
                queues={queueList}
                queueIds={queueIds}
                onQueuesChange={setQueueIds}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="user-cancel">
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={(!creating && !user.data) || save.isPending} data-testid="user-save" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {save.isPending ? t("common.saving") : t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
